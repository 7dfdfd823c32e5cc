/*
 * fen.c - positions of Way of the Knight as FEN text, and moves as text.
 *
 * The notation of rules/way-of-the-knight.md 8.1: the six FEN fields, with
 * one letter per form (upper case White): P S I N B J E R G F C M Q L V K,
 * and U Y X T O Z W for the alternative table, which reads the Lord's L as
 * its Duke and writes W (forms.c). A chess FEN therefore reads unchanged.
 * Moves are written from-to, fromxto, "=X" when the piece ends in another
 * form, " ep" for en passant, O-O and O-O-O. Pure text functions; no I/O.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/wotk/wotk.h"

static int
wotk_fen_board(const char **sp, const struct wotk_rules *r,
    struct wotk_pos *p)
{
	const char	*s = *sp;
	int		 rank = 7, file = 0, f, n[2] = { 0, 0 };

	for (; *s != '\0' && *s != ' '; s++) {
		if (*s == '/') {
			if (file != 8 || rank == 0)
				return -1;
			rank--;
			file = 0;
		} else if (*s >= '1' && *s <= '8') {
			file += *s - '0';
			if (file > 8)
				return -1;
		} else {
			if (file >= 8 || (f = wotk_form_by_letter(r, *s)) < 0)
				return -1;
			/* A pawn never stands on its own first rank. */
			if (f == WOTK_PAWN && rank == (islower(
			    (unsigned char)*s) ? 7 : 0))
				return -1;
			if (++n[islower((unsigned char)*s) ? 1 : 0] >
			    WOTK_SIDE_MAX)
				return -1;
			wotk_put(p, rank * 8 + file, WOTK_PIECE(
			    islower((unsigned char)*s) ? WOTK_BLACK :
			    WOTK_WHITE, f));
			file++;
		}
	}
	if (rank != 0 || file != 8)
		return -1;
	*sp = s;
	return 0;
}

/* A castling right needs the King on e1/e8 and an own piece on the corner
 * (any form: rules 5, a handicap-improved corner piece keeps it). */
static bool
wotk_fen_castle_ok(const struct wotk_pos *p, int right)
{
	int	 c = right & (WOTK_WK | WOTK_WQ) ? WOTK_WHITE : WOTK_BLACK;
	int	 base = c == WOTK_WHITE ? 0 : 56;
	int	 corner = base + (right & (WOTK_WK | WOTK_BK) ? 7 : 0);

	return p->sq[base + 4] == WOTK_PIECE(c, WOTK_KING) &&
	    p->sq[corner] != 0 && WOTK_COLOR_OF(p->sq[corner]) == c;
}

static int
wotk_fen_castle(const char *s, struct wotk_pos *p)
{
	int	 bit;

	if (strcmp(s, "-") == 0)
		return 0;
	for (; *s != '\0'; s++) {
		switch (*s) {
		case 'K': bit = WOTK_WK; break;
		case 'Q': bit = WOTK_WQ; break;
		case 'k': bit = WOTK_BK; break;
		case 'q': bit = WOTK_BQ; break;
		default: return -1;
		}
		if ((p->castle & bit) || !wotk_fen_castle_ok(p, bit))
			return -1;
		p->castle |= bit;
	}
	return 0;
}

/* An e.p. square lies behind an enemy pawn that has just stepped twice. */
static int
wotk_fen_ep(const char *s, struct wotk_pos *p)
{
	int	 sq, pawn, c = p->side;

	if (strcmp(s, "-") == 0)
		return 0;
	if (strlen(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' ||
	    s[1] > '8')
		return -1;
	sq = (s[1] - '1') * 8 + (s[0] - 'a');
	if (wotk_rel_rank(c, sq) != 6 || p->sq[sq] != 0)
		return -1;
	pawn = c == WOTK_WHITE ? sq - 8 : sq + 8;
	if (p->sq[pawn] != WOTK_PIECE(1 - c, WOTK_PAWN) ||
	    p->sq[c == WOTK_WHITE ? sq + 8 : sq - 8] != 0)
		return -1;
	p->ep = sq;
	return 0;
}

static int
wotk_fen_number(const char *s, int min, int *out)
{
	char	*end;
	long	 v;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	v = strtol(s, &end, 10);
	if (*end != '\0' || v < min || v > 100000)
		return -1;
	*out = (int)v;
	return 0;
}

/*
 * Reads a position; 0 or -1. The clocks may be left out ("0 1"). Refused:
 * a letter the table does not have, more than 16 pieces a side, a side
 * without a King, a pawn on its own first rank, a castling right
 * without its King and corner piece, and a player not to move whose only
 * King stands attacked.
 */
int
wotk_fen_read(const char *fen, const struct wotk_rules *r,
    struct wotk_pos *out)
{
	char	 f[5][24];
	int	 n;

	memset(out, 0, sizeof(*out));
	out->ep = -1;
	out->fullmove = 1;
	while (*fen == ' ')
		fen++;
	if (wotk_fen_board(&fen, r, out) != 0)
		return -1;
	memset(f, 0, sizeof(f));
	n = sscanf(fen, " %23s %23s %23s %23s %23s", f[0], f[1], f[2], f[3],
	    f[4]);
	if (n != 3 && n != 5)
		return -1;
	if (strcmp(f[0], "w") == 0)
		out->side = WOTK_WHITE;
	else if (strcmp(f[0], "b") == 0)
		out->side = WOTK_BLACK;
	else
		return -1;
	if (wotk_fen_castle(f[1], out) != 0 || wotk_fen_ep(f[2], out) != 0)
		return -1;
	if (n == 5 && (wotk_fen_number(f[3], 0, &out->halfmove) != 0 ||
	    wotk_fen_number(f[4], 1, &out->fullmove) != 0))
		return -1;
	if (out->kings[0] == 0 || out->kings[1] == 0)
		return -1;
	if (wotk_in_check(out, 1 - out->side))
		return -1;
	return 0;
}

void
wotk_fen_write(const struct wotk_pos *p, char *out, size_t outlen)
{
	char	 b[WOTK_FEN_MAX], cs[5], ep[3];
	int	 rank, file, empty, n = 0, k = 0;
	uint8_t	 pc;

	for (rank = 7; rank >= 0; rank--) {
		empty = 0;
		for (file = 0; file < 8; file++) {
			pc = p->sq[rank * 8 + file];
			if (pc == 0) {
				empty++;
				continue;
			}
			if (empty > 0)
				b[n++] = (char)('0' + empty);
			empty = 0;
			b[n] = wotk_forms[WOTK_FORM_OF(pc)].letter;
			if (WOTK_COLOR_OF(pc) == WOTK_BLACK)
				b[n] = (char)tolower((unsigned char)b[n]);
			n++;
		}
		if (empty > 0)
			b[n++] = (char)('0' + empty);
		if (rank > 0)
			b[n++] = '/';
	}
	b[n] = '\0';
	if (p->castle & WOTK_WK) cs[k++] = 'K';
	if (p->castle & WOTK_WQ) cs[k++] = 'Q';
	if (p->castle & WOTK_BK) cs[k++] = 'k';
	if (p->castle & WOTK_BQ) cs[k++] = 'q';
	if (k == 0)
		cs[k++] = '-';
	cs[k] = '\0';
	if (p->ep >= 0)
		wotk_square_name(p->ep, ep);
	else
		snprintf(ep, sizeof(ep), "-");
	snprintf(out, outlen, "%s %c %s %s %d %d", b,
	    p->side == WOTK_WHITE ? 'w' : 'b', cs, ep, p->halfmove,
	    p->fullmove);
}

/* The rules' notation of m in position before: "e5xd6=I ep", "O-O". */
void
wotk_move_text(const struct wotk_pos *before, const struct wotk_move *m,
    char out[WOTK_MOVE_TEXT])
{
	char	 f[3], t[3], form[3] = "";
	int	 old = WOTK_FORM_OF(before->sq[m->from]);

	if (m->flags & WOTK_MCASTLE) {
		snprintf(out, WOTK_MOVE_TEXT, "%s",
		    m->to > m->from ? "O-O" : "O-O-O");
		return;
	}
	wotk_square_name(m->from, f);
	wotk_square_name(m->to, t);
	if (m->form != old) {
		form[0] = '=';
		form[1] = wotk_forms[m->form].letter;
		if (before->side == WOTK_BLACK)
			form[1] = (char)tolower((unsigned char)form[1]);
	}
	snprintf(out, WOTK_MOVE_TEXT, "%s%c%s%s%s", f,
	    (m->flags & (WOTK_MCAPTURE | WOTK_MEP)) ? 'x' : '-', t, form,
	    (m->flags & WOTK_MEP) ? " ep" : "");
}
