"""Where the companion keeps its files: the repository's models, the user's data directory."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_ROOT.parent
MODELS_DIR = PROJECT_ROOT / "models"
WEB_DIR = PROJECT_ROOT / "web"


def data_dir() -> Path:
    """The user's data directory: $COMPANION_DATA, else $XDG_DATA_HOME/svintus-companion."""
    explicit = os.environ.get("COMPANION_DATA")
    if explicit:
        path = Path(explicit)
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        path = Path(base) / "svintus-companion"
    path.mkdir(parents=True, exist_ok=True)
    return path
