"""The ``kifu`` command: ``kifu serve --port N [--host H]``, ``kifu verify MATCH_ID``."""
import argparse
import json
import logging
import os
import sys


def serve(args) -> int:
    """Werkzeug's threaded server; the URL is printed once the port is bound (port 0: any free)."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    from service import create_app
    from service.redis_conn import describe_url

    if args.quiet:
        logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app = create_app()
    handler = type("KeepAliveHandler", (WSGIRequestHandler,), {"protocol_version": "HTTP/1.1"})
    server = make_server(args.host, args.port, app, threaded=True, request_handler=handler)
    print(f"kifu serving on http://{args.host}:{server.server_port}/ "
          f"(store: {describe_url(app.config['REDIS_URL'])})", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


def verify(args) -> int:
    """Check a match's chain and snapshots on the REDIS_URL server (or queue the job for a worker)."""
    from service.redis_conn import connect
    from service.store import EventStore
    from workers.verify import verify as verify_now

    url = os.environ.get("REDIS_URL")
    if not url:
        print("kifu verify needs REDIS_URL (the embedded store lives inside `kifu serve`)",
              file=sys.stderr)
        return 2
    connection = connect(url)
    if args.enqueue:
        from workers.queues import enqueue_verify
        print(f"queued job {enqueue_verify(connection, args.match_id).id}")
        return 0
    report = verify_now(EventStore(connection), args.match_id)
    print(json.dumps(report, indent=2))
    return 0 if report["ok"] else 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="kifu", description="kifu event-sourced match service")
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("serve", help="serve the HTTP API (embedded fakeredis unless REDIS_URL)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--quiet", action="store_true", help="no per-request log lines")
    p.set_defaults(run=serve)
    p = commands.add_parser("verify", help="verify a match's hash chain and snapshots (REDIS_URL)")
    p.add_argument("match_id")
    p.add_argument("--enqueue", action="store_true", help="queue workers.jobs.verify_match instead")
    p.set_defaults(run=verify)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
