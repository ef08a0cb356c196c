"""Pairing a tablet: the server's token, its URL, and the URL as a QR code in the terminal."""

from __future__ import annotations

import secrets
import socket
from pathlib import Path

from companion.paths import data_dir

TOKEN_FILE = "token"


def load_token(*, new: bool = False, directory: Path | None = None) -> str:
    """The server's token, kept in the data directory so tablets stay paired across restarts."""
    path = (directory or data_dir()) / TOKEN_FILE
    if not new and path.is_file():
        token = path.read_text().strip()
        if len(token) >= 22:
            return token
    token = secrets.token_urlsafe(18)
    path.write_text(token + "\n")
    path.chmod(0o600)
    return token


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent), else the loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def pairing_url(host: str, port: int, token: str) -> str:
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    return f"http://{shown}:{port}/?token={token}"


def qr_text(text: str) -> str:
    """``text`` as a QR code drawn with Unicode half blocks, two modules per character cell.

    Light modules are drawn as blocks so that the code reads dark-on-light on a dark terminal.
    """
    import cv2
    import numpy as np

    modules = cv2.QRCodeEncoder.create().encode(text)
    dark = np.pad(modules < 128, 2, constant_values=False)  # a quiet zone of light modules
    if dark.shape[0] % 2:
        dark = np.vstack([dark, np.zeros((1, dark.shape[1]), bool)])
    lines = []
    for top, bottom in zip(dark[0::2], dark[1::2], strict=True):
        cells = {(False, False): "█", (True, False): "▄", (False, True): "▀", (True, True): " "}
        lines.append("".join(cells[(bool(a), bool(b))] for a, b in zip(top, bottom, strict=True)))
    return "\n".join(lines)
