/*
 * judge_priv.h - what the judge_*.c files share: the state of one mail
 * while it is being handled. Not for use outside the judge.
 */
#ifndef PBEMD_JUDGE_PRIV_H
#define PBEMD_JUDGE_PRIV_H

#include <stdbool.h>

#include "adjudicator/game/game.h"
#include "adjudicator/judge/deadline.h"
#include "adjudicator/judge/judge.h"
#include "adjudicator/render/report.h"

#define JUDGE_MAX_ARGS	20
#define JUDGE_DRAWN_MAX	4	/* pictures kept per mail for reuse */
#define JUDGE_PICTURE_NAME	(DB_NAME_MAX + 16)	/* "<game>-<ply>.png" */

/* One line of the mail, split into words. */
struct judge_line {
	const char	*text;		/* the whole line, trimmed */
	int		 argc;
	char		*argv[JUDGE_MAX_ARGS];
};

/* Who is speaking for which game, after SIGNON or JOIN. */
struct judge_seat {
	bool			 on;
	struct db_game		 game;
	const struct game_ops	*ops;
	int			 seat;		/* or GAME_SEAT_GM */
	bool			 by_gm;		/* the GM acting for seat */
};

/* A PRESS or BROADCAST being read, up to its ENDPRESS (judge_press.c). */
struct judge_press {
	bool		 active;
	bool		 broadcast;
	bool		 to[GAME_MAX_SEATS];
	bool		 to_gm;
	int		 lines;
	struct buf	 body;
};

struct judge_session {
	const struct judge_env	*env;
	const struct message	*msg;
	int64_t			 inbox_id;
	const struct catalog	*cat;		/* the sender's language */
	struct buf		 reply;		/* body of the reply */
	struct buf		 own_report;	/* the sender's reports, if any */
	int64_t			 own_report_game; /* ... of this game */
	int			 own_report_ply;  /* the last one's ply */
	struct buf		 own_picture;	/* its board as a PNG, if any */
	char			 own_picture_name[JUDGE_PICTURE_NAME];
	/* The pictures drawn in this mail and the cells they show: in a
	 * game without hidden boards the readers' views are often alike
	 * (White's and the GM's). */
	struct judge_drawn {
		struct game_cells	*cells;	/* NULL: a free entry */
		struct buf		 png;
	}			 drawn[JUDGE_DRAWN_MAX];
	int			 ndrawn;	/* entries ever filled */
	struct judge_seat	 who;
	bool			 signon_failed;	/* skip this game's orders */
	char			 parse_ctx[GAME_CTX_MAX]; /* see game.h parse */
	bool			 orders_due;	/* orders given: try the phase
						 * when the mail (or the
						 * sign-on) ends */
	bool			 signoff;
	bool			 failed;	/* a store error: roll back */
	int			 nerrors;
	struct judge_press	 press;
	bool			 ordered;	/* orders or CLEAR in this mail */
	int			 order_phase;	/* ... for this phase */
	bool			 became;	/* BECOME was used (once a mail) */
	size_t			 become_at;	/* reply offset of the BECOME */
	/* The phase clock (judge_clock.c, judge_tick.c). */
	const struct game_msg	*notes;		/* said in every report of a phase */
	int			 nnotes;
	int64_t			 notes_game;	/* the game the notes are about */
	int64_t			 orders_game;	/* order lines of this mail went */
	int			 orders_seat;	/* ... to this game and seat */
};

/* Who may run a command. */
enum judge_who { JUDGE_ANYONE, JUDGE_PLAYER, JUDGE_SIGNED, JUDGE_GM };

struct judge_cmd {
	const char	*word;
	int		 minargs, maxargs;	/* words after the command word */
	enum judge_who	 who;
	void		(*run)(struct judge_session *, struct judge_line *);
};

/* judge.c */
void	judge_ok(struct judge_session *, const char *key, int nargs, ...);
void	judge_err(struct judge_session *, const char *key, int nargs, ...);
void	judge_msg(struct judge_session *, const struct game_msg *, bool error);
const struct catalog *judge_catalog(const struct judge_env *, const char *lang);
void	judge_store_failed(struct judge_session *);

/* judge_game.c: CREATE, JOIN, SIGNON, RESIGN and orders */
void	judge_cmd_create(struct judge_session *, struct judge_line *);
void	judge_cmd_join(struct judge_session *, struct judge_line *);
void	judge_cmd_signon(struct judge_session *, struct judge_line *);
void	judge_cmd_resign(struct judge_session *, struct judge_line *);
void	judge_orders(struct judge_session *, struct judge_line *);
void	judge_orders_flush(struct judge_session *);
void	judge_session_begin(struct judge_session *, const struct judge_env *,
	    const struct message *);
void	judge_session_end(struct judge_session *);
void	judge_speak_as(struct judge_session *, const struct judge_seat *);
bool	judge_lookup(struct judge_session *, const char *name,
	    struct judge_seat *);
struct game_state *judge_load(struct judge_session *, const struct judge_seat *);
int	judge_advance(struct judge_session *, struct judge_seat *,
	    const struct game_state *);
void	judge_start(struct judge_session *, struct judge_seat *);

/* judge_opts.c: the judge's own option words of CREATE, by family */
struct judge_opts {
	struct deadline_conf	 clock;		/* clock.on: some clock word */
	struct buf		 stored;	/* for games.options: the press
						 * and the game's words */
	struct buf		 game;		/* the game's words alone */
};
void	judge_opts_init(struct judge_opts *, const char *tz);
void	judge_opts_free(struct judge_opts *);
int	judge_opts_split(char *const *words, int n, struct judge_opts *,
	    struct game_diag *why);
bool	judge_opt(const char *opts, const char *name, char *val, size_t len);

/* judge_seats.c: naming seats in commands */
int	judge_seat_named(const struct judge_env *, const struct game_ops *,
	    const char *word);
int	judge_seat_list(const struct judge_env *, const struct game_ops *,
	    char *const *words, int nwords, int *out, int max, char *bad,
	    size_t badlen);
void	judge_seat_arg(const struct game_ops *, int seat, char *out,
	    size_t len);

/* judge_lobby.c: JOIN with preferences, ASSIGN, START, TAKEOVER, APPROVE,
 * REFUSE, EJECT, BECOME */
void	judge_lobby_join(struct judge_session *, struct judge_line *,
	    struct judge_seat *);
void	judge_cmd_assign(struct judge_session *, struct judge_line *);
void	judge_cmd_start(struct judge_session *, struct judge_line *);
void	judge_cmd_takeover(struct judge_session *, struct judge_line *);
void	judge_lobby_approve(struct judge_session *, struct judge_line *);
void	judge_lobby_refuse(struct judge_session *, struct judge_line *);
void	judge_cmd_eject(struct judge_session *, struct judge_line *);
void	judge_cmd_become(struct judge_session *, struct judge_line *);
void	judge_become_finish(struct judge_session *);

/* judge_assign.c: powers from preference lists (pure) */
#define JUDGE_ASSIGN_NONE	(-1)
int	judge_assign(int nseats, int nplayers, const int prefs[][GAME_MAX_SEATS],
	    const int *nprefs, const int *fixed, uint64_t seed, int *seat_out);

/* judge_orders.c: CLEAR and the confirmation of a power's orders */
void	judge_cmd_clear(struct judge_session *, struct judge_line *);
void	judge_orders_confirm(struct judge_session *, const struct catalog *,
	    struct buf *out);

/* judge_press.c: PRESS TO ..., BROADCAST, up to ENDPRESS */
void	judge_cmd_press(struct judge_session *, struct judge_line *);
void	judge_cmd_broadcast(struct judge_session *, struct judge_line *);
void	judge_press_line(struct judge_session *, const char *raw);
void	judge_press_end_of_mail(struct judge_session *);

/* judge_history.c: HISTORY and SUMMARY */
void	judge_cmd_history(struct judge_session *, struct judge_line *);
void	judge_cmd_summary(struct judge_session *, struct judge_line *);
struct game_state *judge_load(struct judge_session *, const struct judge_seat *);
int	judge_advance(struct judge_session *, struct judge_seat *,
	    const struct game_state *);
void	judge_after_phase(struct judge_session *, struct judge_seat *,
	    const struct game_state *);

/* judge_info.c: HELP, LIST, SET */
void	judge_cmd_help(struct judge_session *, struct judge_line *);
void	judge_cmd_list(struct judge_session *, struct judge_line *);
void	judge_cmd_set(struct judge_session *, struct judge_line *);

/* judge_mail.c: composing and queueing mail */
void	judge_queue(struct judge_session *, const char *rcpt,
	    const char *subject, const char *body, bool is_reply,
	    int64_t game_id);
/* The same with a board picture attached (png may be NULL or empty). */
void	judge_queue_picture(struct judge_session *, const char *rcpt,
	    const char *subject, const char *body, bool is_reply,
	    int64_t game_id, const struct buf *png, const char *filename);
void	judge_report_all(struct judge_session *, const struct judge_seat *,
	    const struct game_state *, const char *extra_key, const char *extra);
void	judge_report_current(struct judge_session *);
const struct catalog *judge_reader_catalog(struct judge_session *,
	    const char *addr);
void	judge_report_one(struct judge_session *, const struct judge_seat *,
	    const struct game_state *, int seat, const char *addr,
	    const char *extra_key, const char *extra);

/* judge_notify.c: short mails about a game to one reader or to all */
void	judge_notify(struct judge_session *, const struct db_game *,
	    const char *addr, const char *key, int nargs, ...);
void	judge_notify_all(struct judge_session *, const struct db_game *,
	    const char *except, const char *key, int nargs, ...);

/* judge_clock.c: the clock's commands (APPROVE, EXTEND, PAUSE, RESUME,
 * PROCESS, ROLLBACK, SET DEADLINE|WAIT|NOWAIT|ABSENCE|NOABSENCE) */
int	judge_clock_created(struct judge_session *, const struct db_game *,
	    const struct deadline_conf *);
bool	judge_clock_set(struct judge_session *, struct judge_line *);
void	judge_cmd_approve(struct judge_session *, struct judge_line *);
void	judge_cmd_extend(struct judge_session *, struct judge_line *);
void	judge_cmd_pause(struct judge_session *, struct judge_line *);
void	judge_cmd_resume(struct judge_session *, struct judge_line *);
void	judge_cmd_process(struct judge_session *, struct judge_line *);
void	judge_cmd_rollback(struct judge_session *, struct judge_line *);
void	judge_clock_signed_on(struct judge_session *, const struct judge_seat *);
bool	judge_clock_here(struct judge_session *, struct db_clock *);
void	judge_clock_order_line(struct judge_session *, const struct judge_seat *,
	    bool error);

/* judge_absence.c: SET [NO]ABSENCE; judge_rollback.c: ROLLBACK */
void	judge_set_absence(struct judge_session *, struct judge_line *, bool no);

/* judge_tick.c: due phases, reminders, grace, civil disorder, downtime */
enum judge_process_why {
	JUDGE_PROCESS_EARLY,	/* every order in */
	JUDGE_PROCESS_DEADLINE,	/* the deadline, nobody late */
	JUDGE_PROCESS_GRACE,	/* the end of the grace period */
	JUDGE_PROCESS_GM	/* PROCESS */
};
bool	judge_clock_owns(struct judge_session *, const struct judge_seat *);
void	judge_clock_phase_begun(struct judge_session *, const struct judge_seat *,
	    const struct game_state *);
int	judge_clock_process(struct judge_session *, struct judge_seat *,
	    enum judge_process_why);
int	judge_clock_propose(struct judge_session *, const struct judge_seat *,
	    struct db_clock *, time_t start);
void	judge_tick_session(struct judge_session *, const struct judge_env *);
int	judge_tick_finish(struct judge_session *);
bool	judge_tick_lookup(struct judge_session *, const char *name,
	    struct judge_seat *);

/* judge_downtime.c: the heartbeat, downtime, the next wake-up */
void	judge_clock_downtime(const struct judge_env *);

/* judge_notice.c: clock texts, in the reader's language and the game's zone */
void	judge_note_time(struct game_msg *, int arg, time_t);
void	judge_note_seat(struct game_msg *, int arg, const struct judge_seat *,
	    int seat);
void	judge_note_render(const struct catalog *, const char *tz,
	    const struct game_msg *, struct buf *out);
void	judge_note_say(struct judge_session *, const char *tz,
	    const struct game_msg *, bool error);
#define JUDGE_TELL_ALL	(-100)	/* every player and the GM */
void	judge_clock_tell(struct judge_session *, const struct judge_seat *,
	    const char *tz, int to, const struct game_msg *, int nmsgs);
void	judge_clock_report(struct judge_session *, const struct judge_seat *,
	    int seat, const struct catalog *, struct buf *out);
void	judge_seat_names(const struct catalog *, const struct judge_seat *,
	    const int *seats, int n, struct buf *out);

/* judge_ledger.c: the handicap ledger of a pair of players */
void	judge_ledger_replay(const int *results, int n, int points[2]);
int	judge_ledger(struct judge_session *, const struct db_game *,
	    const struct db_player *, int n, int points[2]);

#endif
