"""kifu's service: ``application/`` (the use cases: commands, queries, seats, disputes, the event
store; no Flask, no RQ), ``http/`` (the Flask adapter) and ``cli/`` (the ``kifu`` command).

``create_app`` is re-exported for the Procfile (``gunicorn 'service:create_app()'``).
"""


def create_app(test_config: dict | None = None):
    # Imported here, not at the top: importing the application package (as workers do) must not
    # load Flask through this package's __init__.
    from service.http import create_app as factory
    return factory(test_config)
