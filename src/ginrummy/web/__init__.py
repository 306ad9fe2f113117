"""Play in the browser: ``ginrummy serve``.

The web layer sits beside the CLI and imports the core and the agents. Its
third-party dependencies (starlette, uvicorn) are the optional group ``web``;
only :mod:`ginrummy.web.app` and :mod:`ginrummy.web.server` import them, so the
stdlib-only modules here (:mod:`fairness`, :mod:`store`, :mod:`session`,
:mod:`serialize`) can be used without them (``ginrummy verify`` does).
"""
