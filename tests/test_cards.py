import pytest

from companion import cards


def test_deck_sizes_follow_rules_1_2():  # R-SETUP-1, D-1
    assert len(cards.deck("junior")) == 64 + 56
    assert len(cards.deck("adventure")) == 64 + 56
    assert len(cards.deck("svintus2")) == 64 + 48
    assert cards.deck("svintus2").count("poly") == 8


def test_edition_colours():
    assert "y5" in cards.EDITIONS["junior"].codes
    assert "y5" not in cards.EDITIONS["svintus2"].codes
    assert "o5" in cards.EDITIONS["svintus2"].codes
    assert "r-decree" not in cards.EDITIONS["adventure"].codes


def test_default_villains_d2():  # D-2
    piles = cards.villain_piles("adventure")
    assert len(piles["pirates"]) == 9 and len(piles["ghosts"]) == 8 and len(piles["aliens"]) == 6
    assert all(not pile for pile in cards.villain_piles("junior").values())


@pytest.mark.parametrize("code", ["x5", "r8", "r-", "ghost-q", "", "R5"])
def test_unknown_codes_are_refused(code):
    with pytest.raises(ValueError):
        cards.parse(code)


def test_parse_fields():
    assert cards.parse("g-grab").kind == "grab" and cards.parse("g-grab").colour == "g"
    assert cards.parse("b3").value == 3 and cards.parse("b3").is_number
    assert cards.parse("ghost-r").is_villain and cards.pile_of("ghost-r") == "ghosts"


def test_copies_counts_each_card_in_the_deck():  # §1.2
    for edition in cards.EDITIONS:
        deck = cards.deck(edition)
        assert all(cards.copies(edition, code) == deck.count(code) for code in set(deck))
    assert cards.copies("junior", "poly") == 8 and cards.copies("junior", "b5") == 2
    assert cards.copies("adventure", "alien") == 0  # a villain, not in the playing deck
