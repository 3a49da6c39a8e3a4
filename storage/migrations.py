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
    # 1 -> 2: per-player bests for each board and period, and running stats per player and
    # game, kept up to date as results are recorded, so boards cost the same whatever the
    # history. Filled here from the results so far. Guild-less results are on no board.
    """
    CREATE TABLE boards (
        id        INTEGER PRIMARY KEY,
        guild_id  INTEGER NOT NULL,
        game      TEXT    NOT NULL,
        variant   TEXT    NOT NULL,  -- '' for a game without variants
        daily     TEXT    NOT NULL,  -- the deal's day, '' outside the daily dungeon
        period    TEXT    NOT NULL,  -- storage/periods.py: all, month:Y-m, week:Y-m-d, day:Y-m-d
        players   INTEGER NOT NULL DEFAULT 0,
        UNIQUE (guild_id, game, variant, daily, period)
    );
    CREATE TABLE board_bests (
        board_id     INTEGER NOT NULL REFERENCES boards (id),
        user_id      INTEGER NOT NULL,
        display_name TEXT    NOT NULL,
        score        INTEGER NOT NULL,
        achieved_at  REAL    NOT NULL,
        games        INTEGER NOT NULL,
        PRIMARY KEY (board_id, user_id)
    ) WITHOUT ROWID;
    CREATE INDEX board_bests_ranked ON board_bests (board_id, score DESC, achieved_at, user_id);
    -- An upsert that updates fires UPDATE triggers, so this counts each player once.
    CREATE TRIGGER board_bests_count AFTER INSERT ON board_bests BEGIN
        UPDATE boards SET players = players + 1 WHERE id = new.board_id;
    END;

    CREATE TABLE player_stats (
        guild_id       INTEGER NOT NULL,
        user_id        INTEGER NOT NULL,
        game           TEXT    NOT NULL,
        games          INTEGER NOT NULL,
        wins           INTEGER NOT NULL,
        best           INTEGER NOT NULL,
        total          INTEGER NOT NULL,
        current_streak INTEGER NOT NULL,
        best_streak    INTEGER NOT NULL,
        PRIMARY KEY (guild_id, user_id, game)
    ) WITHOUT ROWID;

    CREATE TEMP TABLE filed AS
    SELECT r.*, COALESCE(r.variant, '') AS v, COALESCE(r.daily, '') AS d,
           CASE k.kind
               WHEN 'all' THEN 'all'
               WHEN 'month' THEN 'month:' || strftime('%Y-%m', r.finished_at, 'unixepoch')
               WHEN 'week' THEN 'week:' || date(r.finished_at, 'unixepoch', '-6 days', 'weekday 1')
               ELSE 'day:' || date(r.finished_at, 'unixepoch')
           END AS period
    FROM results r
    JOIN (
        SELECT 'all' AS kind UNION ALL SELECT 'month' UNION ALL SELECT 'week'
        UNION ALL SELECT 'day'
    ) k ON k.kind = 'all' OR r.daily IS NULL
    WHERE r.guild_id IS NOT NULL;

    INSERT INTO boards (guild_id, game, variant, daily, period)
    SELECT DISTINCT guild_id, game, v, d, period FROM filed;

    INSERT INTO board_bests
    SELECT b.id, user_id, latest_name, score, finished_at, games FROM (
        SELECT *,
               COUNT(*) OVER w AS games,
               ROW_NUMBER() OVER (w ORDER BY score DESC, finished_at, id) AS pick,
               FIRST_VALUE(display_name) OVER (w ORDER BY id DESC) AS latest_name
        FROM filed
        WINDOW w AS (PARTITION BY guild_id, game, v, d, period, user_id)
    ) f
    JOIN boards b ON (b.guild_id, b.game, b.variant, b.daily, b.period)
                   = (f.guild_id, f.game, f.v, f.d, f.period)
    WHERE pick = 1;
    DROP TABLE filed;

    INSERT INTO player_stats
    SELECT guild_id, user_id, game, COUNT(*), SUM(won), MAX(score), SUM(score),
           SUM(won AND id > last_loss), MAX(streak)
    FROM (
        SELECT *, SUM(won) OVER (PARTITION BY guild_id, user_id, game, run ORDER BY id) AS streak
        FROM (
            SELECT *,
                   SUM(NOT won) OVER (PARTITION BY guild_id, user_id, game ORDER BY id) AS run,
                   COALESCE(MAX(CASE WHEN won THEN NULL ELSE id END)
                       OVER (PARTITION BY guild_id, user_id, game), 0) AS last_loss
            FROM (SELECT *, outcome = 'won' AS won FROM results WHERE guild_id IS NOT NULL)
        )
    )
    GROUP BY guild_id, user_id, game;
    """,
    # 2 -> 3: a player's active games, found without scanning every active game.
    """
    CREATE INDEX games_active_by_owner ON games (owner_id) WHERE status = 'active';
    """,
    # 3 -> 4: hints a player asked for (a game with hints is not ranked), and whether a lost
    # deal could have been won, as a solver found once the game was over.
    """
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE results ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE results ADD COLUMN winnable INTEGER;
    ALTER TABLE player_stats ADD COLUMN lost_solved INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE player_stats ADD COLUMN lost_winnable INTEGER NOT NULL DEFAULT 0;
    """,
    # 4 -> 5: a second count that ranks equal scores, fewer first (a Deuces party's falls
    # beside the level it reached); 0 on every result before it.
    """
    ALTER TABLE results ADD COLUMN tiebreak INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE board_bests ADD COLUMN tiebreak INTEGER NOT NULL DEFAULT 0;
    DROP INDEX board_bests_ranked;
    CREATE INDEX board_bests_ranked
        ON board_bests (board_id, score DESC, tiebreak, achieved_at, user_id);
    """,
    # 5 -> 6: settings. A server's own (what its admins changed from the environment's) and a
    # player's own, each as JSON; and the table settings a game started with, kept on its row
    # so a later change applies to new games only (NULL: a game from before, played with the
    # environment's).
    """
    ALTER TABLE games ADD COLUMN settings TEXT;
    CREATE TABLE guild_settings (
        guild_id   INTEGER PRIMARY KEY,
        settings   TEXT    NOT NULL,
        updated_at REAL    NOT NULL
    );
    CREATE TABLE player_settings (
        user_id    INTEGER PRIMARY KEY,
        settings   TEXT    NOT NULL,
        updated_at REAL    NOT NULL
    );
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)
