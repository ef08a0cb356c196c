"""Svintus Companion: recognises the cards on a real Svintus table and follows the game."""

__version__ = "0.1.0"
