"""Rule options per edition (RULES.md §4) and tournament targets (R-TOUR-2, D-7)."""

from __future__ import annotations

from companion.cards import EDITIONS
from companion.rules.actions import IllegalAction

RULE_DEFAULTS: dict[str, dict[str, bool]] = {
    "junior": {"intercept": False, "transfer": False, "dawdle": False},
    "adventure": {"intercept": True, "transfer": False, "dawdle": False},
    "svintus2": {"intercept": True, "transfer": True, "dawdle": False},
}
# Rules an edition always plays with: a record may repeat them but not turn them off.
FIXED_RULES: dict[str, frozenset[str]] = {
    "junior": frozenset(),
    "adventure": frozenset({"intercept"}),
    "svintus2": frozenset({"intercept", "transfer"}),
}


def resolve_rules(edition: str, rules: object = None) -> dict[str, bool]:
    """The edition's defaults overridden by ``rules``; ``IllegalAction('bad-record')`` when invalid."""
    if edition not in EDITIONS:
        raise IllegalAction("bad-record", f"'edition': {edition!r} is not one of {sorted(EDITIONS)}")
    resolved = dict(RULE_DEFAULTS[edition])
    if rules is None:
        return resolved
    if not isinstance(rules, dict):
        raise IllegalAction("bad-record", f"'rules' must be an object, not {type(rules).__name__}")
    for key, value in rules.items():
        if key not in resolved:
            raise IllegalAction("bad-record", f"'rules.{key}': no such rule; known: {sorted(resolved)}")
        if not isinstance(value, bool):
            raise IllegalAction("bad-record", f"'rules.{key}' must be true or false, not {value!r}")
        if key in FIXED_RULES[edition] and not value:
            raise IllegalAction("bad-record", f"'rules.{key}': {edition} always plays with it, "
                                "it cannot be off")
        resolved[key] = value
    return resolved


def tournament_target(edition: str, players: int) -> int:
    """Points that win a match (R-TOUR-2; junior with 2 players: D-7)."""
    if edition == "svintus2":
        return 30 if players <= 2 else 40 if players <= 4 else 50 if players <= 7 else 60
    if edition == "junior":
        return 30 if players <= 4 else 40 if players <= 7 else 50
    raise ValueError(f"{edition} has no tournament")
