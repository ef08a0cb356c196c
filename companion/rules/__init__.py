"""The Svintus rules engine: standard library only (RULES.md, GAME-RECORD.md).

```python
from companion.rules import Game, IllegalAction
game = Game.deal("svintus2", 3, seed=7)
game.push(game.legal_moves(game.turn)[0])
```
"""

from companion.rules.actions import IllegalAction
from companion.rules.game import Game, Outcome, villain_beaten
from companion.rules.options import RULE_DEFAULTS, resolve_rules, tournament_target

__all__ = [
    "Game", "IllegalAction", "Outcome", "RULE_DEFAULTS",
    "resolve_rules", "tournament_target", "villain_beaten",
]
