import pytest
from engine_helpers import small_game


@pytest.fixture
def make():
    """A factory of small full-knowledge games: make(edition, hands, top, deck, **setup)."""
    return small_game
