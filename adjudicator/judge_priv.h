/*
 * judge_priv.h - what the judge_*.c files share: the state of one mail
 * while it is being handled. Not for use outside the judge.
 */
#ifndef PBEMD_JUDGE_PRIV_H
#define PBEMD_JUDGE_PRIV_H

#include <stdbool.h>

#include "game.h"
#include "judge.h"
#include "report.h"

#define JUDGE_MAX_ARGS	12

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
};

struct judge_session {
	const struct judge_env	*env;
	const struct message	*msg;
	int64_t			 inbox_id;
	const struct catalog	*cat;		/* the sender's language */
	struct buf		 reply;		/* body of the reply */
	struct buf		 own_report;	/* the sender's report, if any */
	struct judge_seat	 who;
	bool			 signon_failed;	/* skip this game's orders */
	char			 parse_ctx[GAME_CTX_MAX]; /* see game.h parse */
	bool			 signoff;
	bool			 failed;	/* a store error: roll back */
	int			 nerrors;
};

/* Who may run a command. */
enum judge_who { JUDGE_ANYONE, JUDGE_PLAYER, JUDGE_SIGNED };

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

/* judge_info.c: HELP, LIST, SET */
void	judge_cmd_help(struct judge_session *, struct judge_line *);
void	judge_cmd_list(struct judge_session *, struct judge_line *);
void	judge_cmd_set(struct judge_session *, struct judge_line *);

/* judge_mail.c: composing and queueing mail */
void	judge_queue(struct judge_session *, const char *rcpt,
	    const char *subject, const char *body, bool is_reply,
	    int64_t game_id);
void	judge_report_all(struct judge_session *, const struct judge_seat *,
	    const struct game_state *, const char *extra_key, const char *extra);
void	judge_report_current(struct judge_session *);

#endif
