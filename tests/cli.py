"""Running a companion command inside a test."""

from companion.cli import main


def run(capsys, *argv):
    """(exit code, stdout, stderr) of ``companion ARGV...``."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
