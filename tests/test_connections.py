"""Where the store and the queues live: URLs, the cluster flag, and the topologies refused at start-up."""
from pathlib import Path

import pytest

from service.application.storage.connections import (TopologyError, _plain, check_topology, describe_url, is_cluster,
                                             open_clients, queue_url, store_url)


def test_a_cluster_is_named_by_its_scheme_or_a_flag():
    assert is_cluster("redis+cluster://h:7000") and is_cluster("rediss+cluster://h:7000")
    assert is_cluster("redis://h:7000/0?cluster=1") and not is_cluster("redis://h:7000/0?cluster=0")
    assert not is_cluster("redis://h:6379/0") and not is_cluster(None)
    assert _plain("redis+cluster://:pw@h:7000?cluster=1&ssl_cert_reqs=none") == "redis://:pw@h:7000?ssl_cert_reqs=none"
    assert describe_url("redis+cluster://:secret@h:7000") == "Redis Cluster via h:7000"


def test_the_store_url_falls_back_to_redis_url_and_the_queues_to_the_store():
    assert store_url({"KIFU_STORE_URL": "redis://a", "REDIS_URL": "redis://b"}) == "redis://a"
    assert store_url({"REDIS_URL": "redis://b"}) == "redis://b" and queue_url({}) is None
    store, queue = open_clients(None, None)
    assert store is queue                                  # embedded: one server for both


@pytest.mark.parametrize("store, queue, says", [
    ("redis+cluster://h:7000", None, "set KIFU_QUEUE_URL"),
    ("redis://h:6379/0", "redis+cluster://h:7000", "need a plain Redis"),
    (None, "redis://q:6379/0", "no store URL"),
])
def test_topologies_that_cannot_work_are_refused_before_connecting(store, queue, says):
    with pytest.raises(TopologyError, match=says):
        check_topology(store, queue)


def test_the_procfile_worker_runs_on_the_queue_redis():
    worker = next(line for line in Path(__file__).parent.parent.joinpath("Procfile").read_text().splitlines()
                  if line.startswith("worker:"))
    assert "--url ${KIFU_QUEUE_URL:-${REDIS_URL:-" in worker
