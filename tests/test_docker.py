"""The Dockerfile, .dockerignore and the README's Docker paragraph agree (CI cannot build images:
its machines have no Docker daemon). Checked: the bot runs as a user that is not root and owns
the /data volume where RAILHEAD_DB points, the HEALTHCHECK runs ``railhead health`` (a real
command), the command is ``railhead run``, and the build context leaves out what must not ship."""
from __future__ import annotations

import fnmatch
import json
import re
from pathlib import Path

from typer.testing import CliRunner

from railhead.bot.cli import app

LAYERS = ("engine", "ai", "render", "bot", "data")     # setup.py installs each as railhead.<layer>

ROOT = Path(__file__).resolve().parents[1]


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as ``(KEYWORD, arguments)``, continuation lines joined."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, args = line.partition(" ")
            out.append((keyword.upper(), " ".join(args.split())))
    return out


def last(keyword: str) -> str:
    found = [args for k, args in instructions() if k == keyword]
    assert found, f"the Dockerfile has no {keyword}"
    return found[-1]


def env() -> dict[str, str]:
    values = {}
    for keyword, args in instructions():
        if keyword == "ENV":
            values.update(dict(re.findall(r"(\w+)=(\S+)", args)))
    return values


def ignored() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def docker_paragraph() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("**Docker:**")
    return " ".join(readme[start:readme.index("\n\n", start)].split())


def test_the_bot_runs_as_a_user_who_is_not_root_and_owns_the_volume():
    user = last("USER")
    assert user not in ("root", "0") and not user.startswith("0:"), user
    runs = " ".join(args for k, args in instructions() if k == "RUN")
    uid = re.search(rf"useradd .*--uid (\d+) .*\b{user}\b", runs)
    assert uid and uid[1] != "0", runs
    volume = json.loads(last("VOLUME"))
    assert volume == ["/data"]
    assert re.search(rf"chown {user}(:{user})? /data\b", runs), "the volume's folder must belong to the user"
    db = env()["RAILHEAD_DB"]
    assert db == "/data/railhead.sqlite3" and Path(db).parent.as_posix() == volume[0]
    order = [k for k, _ in instructions()]
    assert order.index("USER") > max(i for i, k in enumerate(order) if k == "RUN"), "every RUN before USER"

    text = docker_paragraph()
    assert f"user `{user}` (uid {uid[1]})" in text and f"writable by uid {uid[1]}" in text
    assert f"`{db}`" in text and f"-v railhead-data:{volume[0]}" in text


def test_the_command_and_the_healthcheck_are_real_railhead_commands():
    assert json.loads(last("CMD")) == ["railhead", "run"]
    health = last("HEALTHCHECK")
    check = json.loads(health[health.index("CMD") + 3:].strip())
    assert check == ["railhead", "health"], health
    assert re.search(r"--interval=60s", health) and re.search(r"--timeout=\d+s", health)
    commands = {c.name or c.callback.__name__ for c in app.registered_commands}
    assert {"run", "health"} <= commands
    help_text = CliRunner().invoke(app, ["health", "--help"]).output
    assert "--heartbeat" in help_text and "--db" in help_text
    assert env()["RAILHEAD_HEARTBEAT"].startswith("/tmp/")      # written by the bot's user, not kept
    assert last("STOPSIGNAL") == "SIGTERM"

    text = docker_paragraph()
    assert "runs `railhead run`" in text and "`HEALTHCHECK` runs `railhead health` every minute" in text
    assert f"`RAILHEAD_HEARTBEAT={env()['RAILHEAD_HEARTBEAT']}`" in text and "120 seconds" in text
    assert "docker build -t railhead ." in text and "docker stop railhead" in text


def test_dockerignore_keeps_out_what_must_not_ship_and_nothing_the_image_copies():
    patterns = ignored()
    for entry in (".git", ".venv", "**/__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache",
                  "**/*.sqlite3*", "railhead-boards"):
        assert entry in patterns, f".dockerignore lacks {entry}"

    def is_ignored(path: str) -> bool:
        return any(fnmatch.fnmatch(path, p.removeprefix("**/")) or fnmatch.fnmatch(path, p)
                   or path.split("/")[0] == p for p in patterns)

    for sample in ("railhead.sqlite3", "games/x.sqlite3-wal", "bot/__pycache__", ".venv", "railhead-boards"):
        assert is_ignored(sample), sample
    copied = []
    for keyword, args in instructions():
        if keyword == "COPY":
            copied += args.split()[:-1]
    assert "README.md" in copied                 # pyproject's readme: the install needs it
    for source in copied:
        assert (ROOT / source).exists(), source
        assert not is_ignored(source), f"the Dockerfile copies {source}, which .dockerignore leaves out"
    assert "LAYERS = (" + ", ".join(f'"{x}"' for x in LAYERS) + ")" in (ROOT / "setup.py").read_text(encoding="utf-8")
    for folder in ("setup.py", "railhead", *LAYERS):       # what setup.py installs as railhead.*
        assert folder in copied, f"setup.py installs {folder}, the Dockerfile does not copy it"

    text = docker_paragraph()
    for words in ("`.dockerignore`", "`.venv`", "databases", "caches", "`railhead-boards/`", "`.git`"):
        assert words in text, words
