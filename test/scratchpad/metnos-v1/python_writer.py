"""A stand-in for the original Python runtime writing its scratchpad.db (Metnos v1 format), for the tests.

Usage:
  python_writer.py insert FILE TURN N      insert N rows, one commit each (as the runtime's put); every third
                                           row is born expired. Prints one JSON line at the end:
                                           {"live": [ids], "expired": [ids]}
  python_writer.py hold FILE SECONDS MODE  BEGIN IMMEDIATE or EXCLUSIVE (MODE), insert one row, print "locked",
                                           sleep SECONDS, commit, print "released"
  python_writer.py crash FILE              delete every row and insert a 3 MB one in a transaction, spilling to the
                                           file, then die without committing: a hot journal is left behind

Row content is derived from the id (see content_of) so the reader can check what it reads.
"""
import hashlib
import json
import os
import sqlite3
import sys
import time


def content_of(row_id: str) -> str:
    reps = int(row_id[-3:], 16) % 700 + 1
    return f"row {row_id} é✓😀 " * reps


def insert(conn: sqlite3.Connection, turn: str, step: int, row_id: str, ttl: float) -> None:
    text = content_of(row_id)
    data = text.encode("utf-8")
    now = time.time()
    summary = text if len(text) <= 1080 else text[:500] + f"\n\n[... {len(text) - 1000} caratteri omessi ...]\n\n" + text[-500:]
    conn.execute(
        "INSERT INTO entries (id, turn_id, step_num, executor_name, content_kind, content, size_bytes, summary, created_at, expires_at)"
        " VALUES (?, ?, ?, ?, 'text', ?, ?, ?, ?, ?)",
        (row_id, turn, step, "py_writer", data, len(data), summary, now, now + ttl),
    )


def main() -> None:
    cmd, path = sys.argv[1], sys.argv[2]
    if cmd == "insert":
        turn, n = sys.argv[3], int(sys.argv[4])
        conn = sqlite3.connect(path, timeout=10.0)  # the module's default journal mode: rollback (delete)
        live, expired = [], []
        for i in range(n):
            row_id = hashlib.sha256(f"{turn}-{i}".encode()).hexdigest()[:16]
            born_expired = i % 3 == 0
            with conn:  # one transaction per put
                insert(conn, turn, i, row_id, -60.0 if born_expired else 3600.0)
            (expired if born_expired else live).append(row_id)
            time.sleep(0.002)
        conn.close()
        print(json.dumps({"live": live, "expired": expired}), flush=True)
    elif cmd == "hold":
        seconds, mode = float(sys.argv[3]), sys.argv[4].upper()
        conn = sqlite3.connect(path, timeout=10.0, isolation_level=None)
        conn.execute(f"BEGIN {mode}")
        insert(conn, "held-turn", 1, "held00000000" + os.urandom(2).hex(), 3600.0)
        print("locked", flush=True)
        time.sleep(seconds)
        conn.execute("COMMIT")
        conn.close()
        print("released", flush=True)
    elif cmd == "crash":
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA cache_size = 1")  # per connection: forces dirty pages out to the file
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("DELETE FROM entries")
        insert(conn, "crash-turn", 1, "crash00000000000", 3600.0)
        conn.execute("INSERT INTO entries SELECT 'crash-big-000000', 't', 1, 'e', 'binary', zeroblob(3000000), 3000000, '', 0, 0")
        os._exit(0)  # no commit, no rollback: the journal stays hot
    else:
        raise SystemExit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
