import pytest


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path, monkeypatch):
    """Every test gets its own user data directory (deck profiles, match databases)."""
    monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))
