# Modeled on flask's sansio/scaffold.py: definitions under TYPE_CHECKING and try at module level,
# decorators that register callbacks, nested functions and classes.
from __future__ import annotations

import typing as t

if t.TYPE_CHECKING:  # pragma: no cover
    from .wrappers import Response

    class _HasName(t.Protocol):
        name: str

    def _typing_only(value: int) -> str: ...

try:
    from contextvars import ContextVar
except ImportError:  # pragma: no cover
    def ContextVar(name):  # noqa: N802
        return None

    DEFAULT_NAME = "app"

_sentinel = object()
MAX_CALLBACKS = 50
TEMPLATE_FOLDER: str = "templates"
lowercase_setting = True


def setupmethod(f):
    f_name = f.__name__

    def wrapper_func(self, *args, **kwargs):
        self._check_setup_finished(f_name)
        return f(self, *args, **kwargs)

    return wrapper_func


class Scaffold:
    name: str
    DEFAULT_METHODS = ("GET",)

    def __init__(self, import_name, static_folder=None):
        self.import_name = import_name
        self.teardown_request_funcs = {}

    @property
    def has_static_folder(self):
        return self.static_folder is not None

    @setupmethod
    def teardown_request(self, f):
        self.teardown_request_funcs.setdefault(None, []).append(f)
        return f

    @setupmethod
    def route(self, rule, **options):
        def decorator(f):
            endpoint = options.pop("endpoint", None)
            self.add_url_rule(rule, endpoint, f, **options)
            return f

        return decorator

    if t.TYPE_CHECKING:
        def _check_setup_finished(self, f_name: str) -> None: ...

    class Options:
        MERGE = True

        def merged(self):
            return self.MERGE


async def _run_async(func):
    LOCAL_CONSTANT = 3
    return await func(LOCAL_CONSTANT)


def _endpoint_from_view_func(view_func):
    assert view_func is not None, "expected view func if endpoint is not provided."
    handler = lambda: view_func.__name__  # noqa: E731
    return handler()
