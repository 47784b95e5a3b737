"""The database file: checks before it is opened, the process lock, sentences for SQLite's errors,
and consistent copies (``railhead backup``)."""
from __future__ import annotations

import fcntl
import os
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from .rows import ELSEWHERE, StoreError


def copy_database(db_path: str, dest_path: str) -> None:
    """Copy a database that a running bot may be using (read-only, no process lock). Raises StoreError."""
    if not os.path.isfile(db_path):
        raise StoreError(f"There is no database at {db_path}; give the right file with --db or RAILHEAD_DB.")
    if os.path.realpath(db_path) == os.path.realpath(dest_path):
        raise StoreError(f"The backup {dest_path} would overwrite the database itself; choose another path.")
    with copy_to(dest_path, f"copy {db_path} to {dest_path}",
                  f"check both paths and that {db_path} is a Railhead database") as target, \
            closing(sqlite3.connect(f"{Path(db_path).absolute().as_uri()}?mode=ro", uri=True)) as source:
        source.backup(target)


@contextmanager
def copy_to(dest_path: str, what: str, advice: str) -> Iterator[sqlite3.Connection]:
    """A new database at ``<dest>.partial`` to copy into, renamed over ``dest_path`` when the copy
    is complete (never a half-written backup). Raises StoreError: "Could not <what> (...); <advice>."."""
    tmp = fresh(f"{dest_path}.partial")
    try:
        with closing(sqlite3.connect(tmp, check_same_thread=False)) as target:
            yield target
        os.replace(tmp, dest_path)
    except (sqlite3.Error, OSError) as exc:
        raise StoreError(f"Could not {what} ({exc}); {advice}.") from None
    finally:
        fresh(tmp)


def fresh(path: str) -> str:
    """Remove a leftover file (a half-written copy); returns the path."""
    if os.path.exists(path):
        os.remove(path)
    return path




def claim(path: str) -> int:
    """Check the path and take the process lock on ``<path>.lock``; returns its descriptor. Raises StoreError."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise StoreError(f"The folder {folder} for the database {path} does not exist; create it or {ELSEWHERE}.")
    if os.path.isdir(path):
        raise StoreError(f"{path} is a folder, not a database file; {ELSEWHERE}.")
    if os.path.exists(path):
        mode = os.stat(path).st_mode
        if not os.access(path, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
            raise StoreError(f"The database {path} is read-only; make it writable (chmod u+w {path}) or {ELSEWHERE}.")
        with open(path, "rb") as f:
            head = f.read(16)
        if head and head != b"SQLite format 3\x00":
            raise StoreError(f"{path} is not a SQLite database; {ELSEWHERE}, or move this file away to start"
                             f" afresh.")
    try:                            # the real path: a symlink or another spelling of the path shares the lock
        fd = os.open(f"{os.path.realpath(path)}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StoreError(f"Cannot create the lock file {path}.lock ({exc.strerror}); make the folder {folder}"
                         f" writable or {ELSEWHERE}.") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreError(f"Another Railhead process is already using {path}; stop it first or {ELSEWHERE}.") from None
    return fd


def release(lock_fd: int | None) -> None:
    """Release the process lock taken by ``claim`` (``None``: nothing to release)."""
    if lock_fd is not None:
        os.close(lock_fd)           # closing the descriptor releases the flock


def explain(path: str, exc: sqlite3.Error) -> str:
    """One sentence for a person about an SQLite error opening ``path``."""
    text = str(exc)
    if "not a database" in text:
        return f"{path} is not a SQLite database; {ELSEWHERE}, or move this file away to start afresh."
    if "malformed" in text or "corrupt" in text:
        return damaged(path, text)
    if "readonly" in text or "read-only" in text:
        return f"The database {path} cannot be written (SQLite: {text}); check its permissions or {ELSEWHERE}."
    return f"Cannot open the database {path} (SQLite: {text}); check the file and its folder or {ELSEWHERE}."


def damaged(path: str, detail: str) -> str:
    """The sentence for a damaged database file, with what SQLite said."""
    return (f"The database {path} is damaged (SQLite: {detail}); restore it from a backup (`railhead backup` makes"
            f" one), or move it away to start afresh.")
