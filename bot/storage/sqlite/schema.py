"""The database schema as numbered migrations, applied in order at start.

``PRAGMA user_version`` holds the number of migrations applied, so opening an old file
brings it up to date and opening a current one changes nothing.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: players, games and seats, finished deals with their records, live action logs.
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('user', 'bot')),
        external_id TEXT NOT NULL,
        name TEXT NOT NULL,
        created_at REAL NOT NULL,
        UNIQUE (kind, external_id)
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        players INTEGER NOT NULL CHECK (players BETWEEN 3 AND 5),
        rules TEXT NOT NULL,
        deals_target INTEGER NOT NULL CHECK (deals_target >= 1),
        seed TEXT NOT NULL,
        status TEXT NOT NULL
            CHECK (status IN ('lobby', 'playing', 'finished', 'stopped', 'cancelled')),
        created_at REAL NOT NULL,
        finished_at REAL
    );
    CREATE INDEX games_by_channel ON games (channel_id, status);
    CREATE INDEX games_by_guild ON games (guild_id, status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players (id),
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE deals (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id),
        number INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('played', 'passed', 'petit_sec')),
        taker_seat INTEGER,
        contract TEXT,
        made INTEGER,
        record TEXT NOT NULL,
        finished_at REAL NOT NULL,
        UNIQUE (game_id, number)
    );
    CREATE TABLE deal_scores (
        deal_id INTEGER NOT NULL REFERENCES deals (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players (id),
        score INTEGER NOT NULL,
        took INTEGER NOT NULL,
        PRIMARY KEY (deal_id, seat)
    );
    CREATE INDEX deal_scores_by_player ON deal_scores (player_id);
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: who hosts a game, and seats played by a stand-in while their human is away.
    """
    ALTER TABLE games ADD COLUMN host_id INTEGER REFERENCES players (id);
    ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX seats_by_player ON seats (player_id, game_id);
    """,
    # 3: leaderboards. Per-player totals kept up to date as deals and games are recorded,
    # per scope (0: every game, else a guild id), so a leaderboard is an index range and
    # not an aggregate over millions of deal scores; final standings of finished games.
    # Deals stored before this migration are counted here; their games stay unrated.
    """
    CREATE TABLE player_stats (
        scope INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players (id),
        points INTEGER NOT NULL DEFAULT 0,
        deals INTEGER NOT NULL DEFAULT 0,
        taken INTEGER NOT NULL DEFAULT 0,
        made INTEGER NOT NULL DEFAULT 0,
        games INTEGER NOT NULL DEFAULT 0,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        rating REAL NOT NULL,
        PRIMARY KEY (scope, player_id)
    ) WITHOUT ROWID;
    CREATE INDEX player_stats_ranking
        ON player_stats (scope, rating DESC, points DESC, player_id, games);
    CREATE TABLE game_results (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players (id),
        total INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    INSERT INTO player_stats (scope, player_id, points, deals, taken, made, mu, sigma, rating)
    SELECT CASE WHEN k.n = 0 THEN 0 ELSE g.guild_id END, s.player_id, SUM(s.score),
           SUM(d.outcome = 'played'), SUM(s.took), SUM(s.took * COALESCE(d.made, 0)),
           25.0, 25.0 / 3, 25.0 - 3 * (25.0 / 3)
    FROM deal_scores s
    JOIN deals d ON d.id = s.deal_id
    JOIN games g ON g.id = d.game_id
    JOIN (SELECT 0 AS n UNION ALL SELECT 1) k ON k.n = 0 OR g.guild_id IS NOT NULL
    GROUP BY 1, 2;
    """,
    # 4: what the Discord layer must find again after a restart: the public message of
    # each table, each human's DM for a game, who has closed their DMs, and small facts
    # about the deployment (the hash of the last slash-command set synced).
    """
    ALTER TABLE games ADD COLUMN message_id INTEGER;
    ALTER TABLE seats ADD COLUMN dm_channel_id INTEGER;
    ALTER TABLE seats ADD COLUMN dm_message_id INTEGER;
    ALTER TABLE players ADD COLUMN dm_closed INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 5: each user's Discord language, so their DM keeps it after a restart.
    """
    ALTER TABLE players ADD COLUMN locale TEXT;
    """,
    # 6: a player in several seats of one deal (a bot level) counts that deal once, with
    # the sum of its seats' scores, as ``stats.count_deal`` now does: the bots' totals are
    # recounted from their deal scores. Games and ratings already counted a game once per
    # player; users never hold two seats, so their rows stay as they are.
    """
    UPDATE player_stats AS ps
    SET points = r.points, deals = r.deals, taken = r.taken, made = r.made
    FROM (
        WITH per_deal AS (
            SELECT g.guild_id, s.player_id, SUM(s.score) AS score,
                   MAX(d.outcome = 'played') AS played, MAX(s.took) AS took,
                   MAX(s.took * COALESCE(d.made, 0)) AS made
            FROM deal_scores s
            JOIN players p ON p.id = s.player_id AND p.kind = 'bot'
            JOIN deals d ON d.id = s.deal_id
            JOIN games g ON g.id = d.game_id
            GROUP BY s.deal_id, s.player_id
        )
        SELECT CASE WHEN k.n = 0 THEN 0 ELSE per_deal.guild_id END AS scope, player_id,
               SUM(score) AS points, SUM(played) AS deals, SUM(took) AS taken,
               SUM(made) AS made
        FROM per_deal
        JOIN (SELECT 0 AS n UNION ALL SELECT 1) k ON k.n = 0 OR per_deal.guild_id IS NOT NULL
        GROUP BY 1, 2
    ) AS r
    WHERE ps.scope = r.scope AND ps.player_id = r.player_id;
    """,
    # 7: the thread a table's event lines go to, and each server's settings as one JSON
    # object (``guild_settings.py``), so that a new setting needs no migration.
    """
    ALTER TABLE games ADD COLUMN thread_id INTEGER;
    CREATE TABLE guild_settings (guild_id INTEGER PRIMARY KEY, settings TEXT NOT NULL);
    """,
    # 8: a table's own turn timers (its server's), as JSON [reminder, stand-in] in seconds;
    # NULL: the process's. Kept so that a restart or Play again does not lose them.
    """
    ALTER TABLE games ADD COLUMN turn_timers TEXT;
    """,
    # 9: six players (docs/rules.md §11.1). SQLite cannot change a CHECK in place: the table is
    # made again with every column and index it has, its rows copied (``migrate`` runs
    # migrations with foreign keys off and checks them before committing, as SQLite's own
    # procedure says, so dropping the old table deletes nothing that refers to it).
    """
    CREATE TABLE games_new (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        players INTEGER NOT NULL CHECK (players BETWEEN 3 AND 6),
        rules TEXT NOT NULL,
        deals_target INTEGER NOT NULL CHECK (deals_target >= 1),
        seed TEXT NOT NULL,
        status TEXT NOT NULL
            CHECK (status IN ('lobby', 'playing', 'finished', 'stopped', 'cancelled')),
        created_at REAL NOT NULL,
        finished_at REAL,
        host_id INTEGER REFERENCES players (id),
        message_id INTEGER,
        thread_id INTEGER,
        turn_timers TEXT
    );
    INSERT INTO games_new (id, guild_id, channel_id, players, rules, deals_target, seed,
        status, created_at, finished_at, host_id, message_id, thread_id, turn_timers)
    SELECT id, guild_id, channel_id, players, rules, deals_target, seed, status,
        created_at, finished_at, host_id, message_id, thread_id, turn_timers FROM games;
    DROP TABLE games;
    ALTER TABLE games_new RENAME TO games;
    CREATE INDEX games_by_channel ON games (channel_id, status);
    CREATE INDEX games_by_guild ON games (guild_id, status);
    """,
    # 10: clicks routed from the process that received them to the one that owns their
    # table (several processes on PostgreSQL); kept in every backend so that schemas match.
    """
    CREATE TABLE routed_clicks (
        id INTEGER PRIMARY KEY,
        shard INTEGER NOT NULL,
        payload TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'taken', 'refused')),
        at REAL NOT NULL
    );
    """,
    # 11: a routed click its owner has answered is marked 'answered', so that the receiver
    # answers one left 'taken' (its owner stopped between claiming and answering). Only
    # PostgreSQL routes clicks: the table is empty here and simply made again.
    """
    DROP TABLE routed_clicks;
    CREATE TABLE routed_clicks (
        id INTEGER PRIMARY KEY,
        shard INTEGER NOT NULL,
        payload TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'taken', 'answered', 'refused')),
        at REAL NOT NULL
    );
    """,
    # 12: a DM refused (50007, 50278) is kept per game, on the seat, and no longer for
    # ever on the player: one server's privacy setting, or Discord holding back a bot
    # opening many DMs, must not cost a player their DMs in every game everywhere. The
    # marks made for ever so far are dropped: each player's next DM tries again.
    """
    ALTER TABLE seats ADD COLUMN dm_closed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE players DROP COLUMN dm_closed;
    """,
    # 13: challenges (issue 25): a fixed set of deals each member plays alone against
    # computer players, compared with the par and with each other; their pars, each
    # member's one attempt (a game of its own, ``games.challenge_id``, never counted in the
    # leaderboards). One daily challenge per scope, server and day.
    """
    CREATE TABLE challenges (
        id INTEGER PRIMARY KEY,
        scope TEXT NOT NULL CHECK (scope IN ('guild', 'instance')),
        guild_id INTEGER,
        day TEXT,
        players INTEGER NOT NULL CHECK (players BETWEEN 3 AND 6),
        rules TEXT NOT NULL,
        deals INTEGER NOT NULL CHECK (deals BETWEEN 1 AND 20),
        seat INTEGER NOT NULL,
        variants INTEGER NOT NULL DEFAULT 1 CHECK (variants BETWEEN 1 AND 10),
        level TEXT NOT NULL,
        seed TEXT NOT NULL,
        created_by INTEGER REFERENCES players (id),
        opened_at REAL NOT NULL,
        closes_at REAL NOT NULL,
        channel_id INTEGER,
        message_id INTEGER,
        closed_posted INTEGER NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX challenges_daily
        ON challenges (scope, COALESCE(guild_id, 0), day) WHERE day IS NOT NULL;
    CREATE INDEX challenges_by_guild ON challenges (guild_id, closes_at);
    CREATE TABLE challenge_pars (
        challenge_id INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
        variant INTEGER NOT NULL,
        number INTEGER NOT NULL,
        score INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        taker_seat INTEGER,
        contract TEXT,
        made INTEGER,
        record TEXT NOT NULL,
        PRIMARY KEY (challenge_id, variant, number)
    );
    CREATE TABLE challenge_attempts (
        challenge_id INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
        player_id INTEGER NOT NULL REFERENCES players (id),
        variant INTEGER NOT NULL,
        game_id INTEGER NOT NULL UNIQUE REFERENCES games (id),
        guild_id INTEGER,
        started_at REAL NOT NULL,
        finished_at REAL,
        PRIMARY KEY (challenge_id, player_id)
    );
    CREATE INDEX challenge_attempts_by_player ON challenge_attempts (player_id);
    ALTER TABLE games ADD COLUMN challenge_id INTEGER REFERENCES challenges (id);
    """,
    # 14: a leaderboard over a period (a week, a month) adds up the deals finished in it:
    # an index range on their end time, not a scan of every deal.
    """
    CREATE INDEX deals_by_finished_at ON deals (finished_at);
    """,
    # 15: the monthly ladder of daily challenges (issue 25): each member's matchpoints of
    # each closed daily challenge, one row per ladder, day and member (guild 0: the
    # instance's ladder), written once when the challenge is closed.
    """
    CREATE TABLE challenge_ladder (
        scope TEXT NOT NULL CHECK (scope IN ('guild', 'instance')),
        guild_id INTEGER NOT NULL,
        month TEXT NOT NULL,
        day TEXT NOT NULL,
        player_id INTEGER NOT NULL REFERENCES players (id),
        matchpoints REAL NOT NULL,
        challenge_id INTEGER NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
        PRIMARY KEY (scope, guild_id, day, player_id)
    );
    CREATE INDEX challenge_ladder_by_month ON challenge_ladder (scope, guild_id, month);
    """,
    # 16: the coach's reviews (issue 27): one seat's review of one recorded deal, kept as
    # the coach's JSON so that a second request costs nothing; the coach's version is part
    # of the key, so a review made by an older coach is made again rather than shown.
    """
    CREATE TABLE deal_reviews (
        game_id INTEGER NOT NULL REFERENCES games (id),
        number INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        version INTEGER NOT NULL,
        review TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, number, seat, version)
    );
    """,
)
