/*
 * state.c - the KlinZha state as versioned text, and back.
 *
 * One phase row per move holds this text (DESIGN.md), so it records the
 * whole true position, the cloud layout as it stands (moving clouds change
 * it), the generator and the last move with its cloud draw: every phase can
 * be audited and replayed. An unknown version is refused (STYLE.md 12).
 * Layout, one item per line in this order:
 *
 *	kz 1
 *	form clouded|open|blind      layout NAME       gap N
 *	options HALF MOVING EVERY STEP PLIES NOLIMIT   (0/1 and numbers)
 *	phase forming|setup1|setup2|play|over
 *	seats FIRST TURN PLY WINNER END CORNER0 CORNER1 OFFER QUIET
 *	              (WINNER: -1 exactly while the phase is not over,
 *	              FIRST: -1 exactly while it is forming)
 *	seed N        rng S0 S1 S2 S3 (hex)
 *	clouds 81 letters N/E/C (open: all N, blind: all C)
 *	board 81 letters: . empty, FLSYVB seat 0, flsyvb seat 1
 *	goals G0 G1   (field index or -1)
 *	last TYPE SEAT KIND STOP CRASHED DROP PICKUP KILLED TAKEN LONE CY CZ
 *	              (SEAT: 0 or 1 unless TYPE is none; CRASHED: enum
 *	              kz_crash, 0 none, 1 into something unseen, 2 a seen
 *	              enemy zone, 3 too close to the seen enemy Blockader)
 *	path N F0 .. F(N-1)
 *	hist N K1 .. KN (hex)
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/statetext.h"
#include "adjudicator/klinzha/kz.h"

static const char *const kz_state_forms[] = { "open", "clouded", "blind" };
static const char *const kz_state_phases[] = {
	"forming", "setup1", "setup2", "play", "over"
};

size_t
kz_state_save(const struct game_state *st, char *out, size_t outlen)
{
	struct statetext_out	 o = { out, out ? outlen : 0, 0 };
	const struct kz_last	*l = &st->last;
	char			 board[KZ_FIELDS + 1];
	int			 f, i;

	statetext_put(&o, "kz 1\nform %s\nlayout %s\ngap %d\n",
	    kz_state_forms[st->form], st->layout, st->zone_gap);
	statetext_put(&o, "options %d %d %d %d %d %d\n", st->half_fields,
	    st->moving, st->cloud_every, st->cloud_step, st->cloud_plies,
	    st->no_limit);
	statetext_put(&o, "phase %s\n", kz_state_phases[st->phase]);
	statetext_put(&o, "seats %d %d %d %d %d %d %d %d %d\n", st->first,
	    st->turn, st->ply, st->winner, st->end, st->corner[0],
	    st->corner[1], st->draw_offer, st->quiet);
	statetext_put(&o, "seed %" PRIu64 "\nrng %" PRIx64 " %" PRIx64 " %"
	    PRIx64 " %" PRIx64 "\n", st->seed, st->rng.s[0], st->rng.s[1],
	    st->rng.s[2], st->rng.s[3]);
	statetext_put(&o, "clouds %.81s\n", st->pos.cloud);
	for (f = 0; f < KZ_FIELDS; f++) {
		board[f] = st->pos.owner[f] < 0 ? '.' :
		    KZ_LETTERS[st->pos.kind[f]];
		if (st->pos.owner[f] == 1)
			board[f] = (char)tolower((unsigned char)board[f]);
	}
	board[KZ_FIELDS] = '\0';
	statetext_put(&o, "board %s\ngoals %d %d\n", board, st->pos.goal[0],
	    st->pos.goal[1]);
	statetext_put(&o, "last %d %d %d %d %d %d %d %d %d %d %d %d\npath %d",
	    l->type, l->seat, l->kind, l->stop, l->crash, l->drop,
	    l->pickup, l->killed, l->goal_taken, l->lone_goal, l->cloud_y,
	    l->cloud_z, l->npath);
	for (i = 0; i < l->npath; i++)
		statetext_put(&o, " %d", l->path[i]);
	statetext_put(&o, "\nhist %d", st->nhist);
	for (i = 0; i < st->nhist; i++)
		statetext_put(&o, " %" PRIx64, st->hist[i]);
	statetext_put(&o, "\n");
	return o.len + 1;
}

/* The next line of *p into line (without its newline); -1 at the end. */
static int
kz_state_line(const char **p, char *line, size_t len)
{
	size_t	 n;

	if (**p == '\0')
		return -1;
	n = strcspn(*p, "\n");
	if (n >= len)
		return -1;
	memcpy(line, *p, n);
	line[n] = '\0';
	*p += n;
	if (**p == '\n')
		(*p)++;
	return 0;
}

static bool
kz_state_field_ok(int f, bool none)
{
	return (f >= 0 && f < KZ_FIELDS) || (none && f == -1);
}

/*
 * The open game has no clouds and the blind one is all cloud, neither
 * moving (kz.c, create): a hand-written state that says otherwise would
 * draw clouds the form does not have.
 */
static bool
kz_state_clouds_fit(const struct game_state *st)
{
	char	 want;
	int	 f;

	if (st->form == KZ_CLOUDED)
		return true;
	want = st->form == KZ_OPEN ? KZ_CLEAR : KZ_CLOUD;
	for (f = 0; f < KZ_FIELDS; f++)
		if (st->pos.cloud[f] != want)
			return false;
	return !st->moving;
}

/*
 * What the engine takes for granted of a board (rules/klinzha.md 3, 3.8):
 * no side has more of a kind than it sets up (one Blockader: its zone),
 * and a Goal lies alone or on a carrier of its own side.
 */
static bool
kz_state_pieces_fit(const struct game_state *st)
{
	const struct kz_pos	*p = &st->pos;
	int			 n[2][KZ_KINDS] = { { 0 } };
	int			 f, s, g;

	for (f = 0; f < KZ_FIELDS; f++)
		if (p->owner[f] >= 0 && ++n[p->owner[f]][p->kind[f]] >
		    kz_setup_count[p->kind[f]])
			return false;
	for (s = 0; s < 2; s++) {
		if ((g = p->goal[s]) < 0)
			continue;
		if (g == p->goal[1 - s] || (p->owner[g] >= 0 &&
		    (p->owner[g] != s || !kz_rules_carrier(p->kind[g]))))
			return false;
	}
	return true;
}

static int
kz_state_board(struct game_state *st, const char *b)
{
	const char	*k;
	int		 f;

	if (strlen(b) != KZ_FIELDS)
		return -1;
	for (f = 0; f < KZ_FIELDS; f++) {
		st->pos.owner[f] = -1;
		st->pos.kind[f] = KZ_NONE;
		if (b[f] == '.')
			continue;
		if ((k = strchr(KZ_LETTERS + 1,
		    toupper((unsigned char)b[f]))) == NULL)
			return -1;
		st->pos.owner[f] = islower((unsigned char)b[f]) ? 1 : 0;
		st->pos.kind[f] = (uint8_t)(k - KZ_LETTERS);
	}
	return 0;
}

static int
kz_state_last(struct kz_last *l, const char *a, const char *b)
{
	int	 v[13], i, n, off;

	if (sscanf(a, "last %d %d %d %d %d %d %d %d %d %d %d %d", &v[0], &v[1],
	    &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9], &v[10],
	    &v[11]) != 12)
		return -1;
	if (v[0] < KZ_EV_NONE || v[0] > KZ_EV_RESIGN || v[1] < -1 ||
	    v[1] > 1 || v[2] < 0 || v[2] >= KZ_KINDS ||
	    !kz_state_field_ok(v[3], true) || v[4] < KZ_CRASH_NONE ||
	    v[4] > KZ_CRASH_GAP || !kz_state_field_ok(v[5], true) ||
	    v[7] < 0 || v[7] >= KZ_KINDS || v[10] < 0 || v[10] > 6 ||
	    v[11] < 0 || v[11] >= KZ_DIRS)
		return -1;
	/* Every event but none was made by a seat, whom the views name. */
	if (v[0] != KZ_EV_NONE && v[1] < 0)
		return -1;
	l->type = v[0];
	l->seat = v[1];
	l->kind = (uint8_t)v[2];
	l->stop = v[3];
	l->crash = (uint8_t)v[4];
	l->drop = v[5];
	l->pickup = v[6] != 0;
	l->killed = (uint8_t)v[7];
	l->goal_taken = v[8] != 0;
	l->lone_goal = v[9] != 0;
	l->cloud_y = v[10];
	l->cloud_z = v[11];
	if (sscanf(b, "path %d%n", &n, &off) != 1 || n < 0 ||
	    n > KZ_PATH_MAX || (l->type == KZ_EV_MOVE && (n < 2 ||
	    l->seat < 0 || l->stop < 0)))
		return -1;
	l->npath = n;
	for (i = 0; i < n; i++) {
		b += off;
		if (sscanf(b, "%d%n", &v[12], &off) != 1 ||
		    !kz_state_field_ok(v[12], false))
			return -1;
		l->path[i] = (int8_t)v[12];
	}
	return 0;
}

static int
kz_state_hist(struct game_state *st, const char *b)
{
	int	 i, n, off;

	if (sscanf(b, "hist %d%n", &n, &off) != 1 || n < 0 || n > KZ_HISTORY)
		return -1;
	st->nhist = n;
	for (i = 0; i < n; i++) {
		b += off;
		if (sscanf(b, "%" SCNx64 "%n", &st->hist[i], &off) != 1)
			return -1;
	}
	return 0;
}

static int
kz_state_parse(struct game_state *st, const char *text)
{
	char		 l[14][256], w[32];
	const char	*p = text;
	int		 i, v[9], o[6];

	for (i = 0; i < 14; i++)
		if (kz_state_line(&p, l[i], sizeof(l[i])) != 0)
			return -1;
	if (strcmp(l[0], "kz 1") != 0 ||
	    sscanf(l[1], "form %31s", w) != 1 ||
	    (i = statetext_word(w, kz_state_forms,
	    STATETEXT_NWORDS(kz_state_forms))) < 0)
		return -1;
	st->form = i;
	if (sscanf(l[2], "layout %23s", st->layout) != 1 ||
	    sscanf(l[3], "gap %d", &st->zone_gap) != 1 || st->zone_gap < 1 ||
	    st->zone_gap > 16)
		return -1;
	if (sscanf(l[4], "options %d %d %d %d %d %d", &o[0], &o[1], &o[2],
	    &o[3], &o[4], &o[5]) != 6 || o[2] < 0 || o[2] > 99 || o[3] < 0 ||
	    o[3] > 16 || o[4] < 0 || o[4] > 200 || (o[1] && o[2] < 1))
		return -1;
	st->half_fields = o[0] != 0;
	st->moving = o[1] != 0;
	st->cloud_every = o[2];
	st->cloud_step = o[3];
	st->cloud_plies = o[4];
	st->no_limit = o[5] != 0;
	if (sscanf(l[5], "phase %31s", w) != 1 ||
	    (i = statetext_word(w, kz_state_phases,
	    STATETEXT_NWORDS(kz_state_phases))) < 0)
		return -1;
	st->phase = i;
	if (sscanf(l[6], "seats %d %d %d %d %d %d %d %d %d", &v[0], &v[1],
	    &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]) != 9 ||
	    v[0] < -1 || v[0] > 1 || v[1] < 0 || v[1] > 1 || v[2] < 0 ||
	    v[2] > KZ_PLY_CAP || v[3] < GAME_DRAWN || v[3] > 1 || v[4] < 0 ||
	    v[4] > KZ_END_PLY_CAP || v[5] < -1 || v[5] > 2 || v[6] < -1 ||
	    v[6] > 2 || v[7] < -1 || v[7] > 1 || v[8] < 0 ||
	    v[8] > KZ_QUIET_PLIES)
		return -1;
	/* Over exactly with a winner or drawn, a first seat from the start
	 * on: the views name the winner and the seat due to set up. */
	if ((st->phase == KZ_PHASE_OVER) != (v[3] != GAME_NOBODY) ||
	    (st->phase == KZ_PHASE_FORMING) != (v[0] == GAME_NOBODY))
		return -1;
	st->first = v[0];
	st->turn = v[1];
	st->ply = v[2];
	st->winner = v[3];
	st->end = v[4];
	st->corner[0] = v[5];
	st->corner[1] = v[6];
	st->draw_offer = v[7];
	st->quiet = v[8];
	if (sscanf(l[7], "seed %" SCNu64, &st->seed) != 1 ||
	    sscanf(l[8], "rng %" SCNx64 " %" SCNx64 " %" SCNx64 " %" SCNx64,
	    &st->rng.s[0], &st->rng.s[1], &st->rng.s[2], &st->rng.s[3]) != 4)
		return -1;
	if (strncmp(l[9], "clouds ", 7) != 0 ||
	    kz_clouds_read(l[9] + 7, st->pos.cloud) != 0 ||
	    !kz_state_clouds_fit(st) ||
	    strncmp(l[10], "board ", 6) != 0 ||
	    kz_state_board(st, l[10] + 6) != 0)
		return -1;
	if (sscanf(l[11], "goals %d %d", &v[0], &v[1]) != 2 ||
	    !kz_state_field_ok(v[0], true) || !kz_state_field_ok(v[1], true))
		return -1;
	st->pos.goal[0] = (int8_t)v[0];
	st->pos.goal[1] = (int8_t)v[1];
	if (!kz_state_pieces_fit(st))
		return -1;
	if (kz_state_last(&st->last, l[12], l[13]) != 0)
		return -1;
	return 0;
}

int
kz_state_load(const char *text, struct game_state **out,
    struct game_diag *why)
{
	struct game_state	*st;
	const char		*h;

	*out = NULL;
	if ((st = calloc(1, sizeof(*st))) == NULL) {
		game_diag_set(why, "kz.err.no_memory", 0);
		return -1;
	}
	/* The history line can be long: it is read on its own. */
	h = strstr(text, "\nhist ");
	if (kz_state_parse(st, text) != 0 || h == NULL ||
	    kz_state_hist(st, h + 1) != 0) {
		free(st);
		game_diag_set(why, "kz.err.state", 0);
		return -1;
	}
	*out = st;
	return 0;
}
