"""``ginrummy rules``: the rules presets, and every setting of one preset."""

from __future__ import annotations

from rich.text import Text

from ginrummy.rules import PRESETS, Rules

__all__ = ["preset_lines", "presets_lines"]


def presets_lines() -> list[Text]:
    """Each preset: its name, the source it follows and its summary."""
    width = max(len(name) for name in PRESETS)
    lines: list[Text] = []
    for name in sorted(PRESETS):
        p = PRESETS[name]
        lines.append(Text(f"{name:<{width}}  ", style="bold") + Text(f"source: {p.source}"))
        lines.append(Text(f"{'':<{width}}  {p.summary}"))
    lines.append(Text("Show every setting of one preset with: ginrummy rules PRESET", style="dim"))
    return lines


def preset_lines(name: str) -> list[Text]:
    """Every setting of preset ``name``; settings that differ from the engine's defaults
    are marked with ``*``. Raises ``UnknownPresetError`` for an unknown name."""
    rules = Rules.preset(name)
    p = PRESETS[name.lower()]
    defaults = Rules().settings()
    settings = rules.settings()
    width = max(len(k) for k in settings)
    lines = [
        Text(f"{p.name}", style="bold") + Text(f" (source: {p.source})"),
        Text(p.summary),
    ]
    for key, value in settings.items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        mark = "*" if value != defaults[key] else " "
        lines.append(Text(f" {mark} {key:<{width}}  {text}"))
    lines.append(Text("* differs from the engine's default (Rules())", style="dim"))
    return lines
