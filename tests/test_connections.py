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
    ("redis://h:6379/0", "redis+cluster://h:7000", "need one plain Redis"),
    (None, "redis://q:6379/0", "no store URL"),
])
def test_topologies_that_cannot_work_are_refused_before_connecting(store, queue, says):
    with pytest.raises(TopologyError, match=says):
        check_topology(store, queue)


def test_the_procfile_worker_runs_on_the_queue_redis(monkeypatch):
    """The Procfile's worker lines name no URL (no password in ps): kifu worker takes KIFU_QUEUE_URL,
    else REDIS_URL."""
    lines = Path(__file__).parent.parent.joinpath("Procfile").read_text().splitlines()
    assert [line for line in lines if line.startswith(("worker:", "background:"))] == \
        ["worker: kifu worker high default", "background: kifu worker low"]
    from service.cli import worker as command
    seen = []
    monkeypatch.setattr(command.supervisor, "main", lambda url, queues, quiet: seen.append(url) or 0)
    monkeypatch.setenv("REDIS_URL", "redis://store:6379/0")
    monkeypatch.setenv("KIFU_QUEUE_URL", "redis://queue:6379/0")
    monkeypatch.delenv("KIFU_STORE_URL", raising=False)
    from service.cli import main
    assert main(["worker", "high"]) == 0 and seen == ["redis://queue:6379/0"]


def test_kifu_verify_on_a_cluster_without_a_queue_redis_says_what_it_needs(monkeypatch, capsys):
    from service.cli import main
    monkeypatch.setenv("KIFU_STORE_URL", "redis+cluster://127.0.0.1:7000")
    monkeypatch.delenv("KIFU_QUEUE_URL", raising=False)
    assert main(["verify", "some-match"]) == 2
    said = capsys.readouterr().err
    assert "KIFU_QUEUE_URL" in said and "plain Redis" in said and "due jobs" in said, said
    assert "scheduler" not in said, said
