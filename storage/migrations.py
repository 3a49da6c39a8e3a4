"""The schema, as forward migrations numbered by SQLite's PRAGMA user_version.

Migration n takes a database from version n to n + 1; a database is never migrated backwards,
and an existing migration is never edited: a change is a new entry at the end.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 0 -> 1: games, their players, the append-only action log, results and ratings.
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        game        TEXT    NOT NULL,
        variant     TEXT,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER,
        owner_id    INTEGER NOT NULL,
        status      TEXT    NOT NULL
                    CHECK (status IN ('pending', 'active', 'finished', 'abandoned', 'expired',
                                      'declined')),
        seed        INTEGER NOT NULL,
        daily       TEXT,
        state       TEXT    NOT NULL,
        narration TEXT    NOT NULL DEFAULT '[]',
        version     INTEGER NOT NULL DEFAULT 0,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id)
        WHERE status = 'active' AND daily IS NULL;
    CREATE INDEX games_active_by_idle ON games (updated_at) WHERE status = 'active';
    CREATE UNIQUE INDEX games_one_daily_attempt ON games (owner_id, game, daily)
        WHERE daily IS NOT NULL;

    CREATE TABLE game_players (
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        user_id      INTEGER NOT NULL,
        display_name TEXT    NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX game_players_by_user ON game_players (user_id);

    CREATE TABLE actions (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        user_id    INTEGER NOT NULL,
        action     TEXT    NOT NULL,
        created_at REAL    NOT NULL,
        PRIMARY KEY (game_id, seq)
    );

    CREATE TABLE results (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        guild_id     INTEGER,
        game         TEXT    NOT NULL,
        variant      TEXT,
        user_id      INTEGER NOT NULL,
        display_name TEXT    NOT NULL,
        outcome      TEXT    NOT NULL,
        score        INTEGER NOT NULL,
        seed         INTEGER NOT NULL,
        daily        TEXT,
        turns        INTEGER NOT NULL,
        duration_s   REAL    NOT NULL,
        finished_at  REAL    NOT NULL
    );
    CREATE INDEX results_board
        ON results (guild_id, game, variant, daily, finished_at, user_id, score);
    CREATE INDEX results_by_player ON results (guild_id, user_id, game, id);

    CREATE TABLE ratings (
        guild_id     INTEGER NOT NULL,
        game         TEXT    NOT NULL,
        user_id      INTEGER NOT NULL,
        display_name TEXT    NOT NULL,
        mu           REAL    NOT NULL,
        sigma        REAL    NOT NULL,
        ordinal      REAL    NOT NULL,
        games        INTEGER NOT NULL,
        updated_at   REAL    NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    );
    CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC, user_id);
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)
