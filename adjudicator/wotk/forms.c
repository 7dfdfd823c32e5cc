/*
 * forms.c - the pieces of Way of the Knight as data: the 23 forms (16 of
 * the standard table, 7 more of the alternative one), the two tables of
 * ways, and which forms an improvement leads to.
 *
 * rules/way-of-the-knight.md: decision 3 (both tables are offered; the
 * alternative table's level-9 Duke moves like the Lord), research 3
 * (alignment), 4.2 and 4.4 (the forms in Betza notation and their letters).
 * Nothing here moves a piece; board.c turns atoms and riders into squares.
 */
#include <string.h>
#include <strings.h>

#include "adjudicator/wotk/wotk.h"

#define A(x)	(1u << WOTK_A##x)
#define R(x)	(1u << WOTK_R##x)

/* research 4.2 and 4.4; a Pawn's moves are special (movegen.c). */
const struct wotk_form wotk_forms[WOTK_FORMS] = {
	[WOTK_PAWN] =	    { 'P', 1, WOTK_NEUTRAL, 0, 0, "pawn" },
	[WOTK_SQUIRE] =	    { 'S', 2, WOTK_KNIGHTLY, A(W) | A(VD), 0, "WvD" },
	[WOTK_PRIEST] =	    { 'I', 2, WOTK_BISHOPLY, A(D) | A(A), 0, "DA" },
	[WOTK_KNIGHT] =	    { 'N', 3, WOTK_KNIGHTLY, A(N), 0, "N" },
	[WOTK_BISHOP] =	    { 'B', 3, WOTK_BISHOPLY, 0, R(DIAG), "B" },
	[WOTK_BARON] =	    { 'J', 4, WOTK_KNIGHTLY, A(N) | A(W), 0, "NW" },
	[WOTK_ARCHBISHOP] = { 'E', 4, WOTK_BISHOPLY, A(D), R(DIAG), "BD" },
	[WOTK_ROOK] =	    { 'R', 5, WOTK_NEUTRAL, 0, R(ORTH), "R" },
	[WOTK_NIGHTRIDER] = { 'G', 6, WOTK_KNIGHTLY, 0, R(NIGHT), "NN" },
	[WOTK_FOOL] =	    { 'F', 6, WOTK_BISHOPLY, A(F) | A(C) | A(D), 0,
			      "FCD" },
	[WOTK_CARDINAL] =   { 'C', 7, WOTK_NEUTRAL, A(N), R(DIAG), "BN" },
	[WOTK_CHANCELLOR] = { 'M', 8, WOTK_KNIGHTLY, A(N), R(ORTH), "RN" },
	[WOTK_QUEEN] =	    { 'Q', 8, WOTK_BISHOPLY, 0, R(ORTH) | R(DIAG),
			      "Q" },
	[WOTK_LORD] =	    { 'L', 9, WOTK_NEUTRAL, 0, R(DIAG) | R(NIGHT),
			      "BNN" },
	[WOTK_RAVEN] =	    { 'V', 10, WOTK_NEUTRAL, 0, R(ORTH) | R(NIGHT),
			      "RNN" },
	[WOTK_KING] =	    { 'K', 11, WOTK_NEUTRAL, A(W) | A(F), 0, "K" },
	[WOTK_GUARD] =	    { 'U', 4, WOTK_NEUTRAL, A(W) | A(F) | A(D), 0,
			      "KD" },
	[WOTK_EARL] =	    { 'Y', 5, WOTK_KNIGHTLY, A(N) | A(W) | A(VD), 0,
			      "NWvD" },
	[WOTK_SHIP] =	    { 'X', 5, WOTK_BISHOPLY, A(F) | A(A) | A(D), 0,
			      "FAD" },
	[WOTK_WATCHTOWER] = { 'T', 6, WOTK_NEUTRAL, A(W) | A(F) | A(A) | A(D),
			      0, "KAD" },
	[WOTK_CANNON] =	    { 'O', 7, WOTK_KNIGHTLY, A(N) | A(A) | A(D), 0,
			      "NAD" },
	[WOTK_GIRAFFE] =    { 'Z', 7, WOTK_BISHOPLY, A(C), R(DIAG), "BC" },
	[WOTK_DUKE] =	    { 'W', 9, WOTK_NEUTRAL, 0, R(DIAG) | R(NIGHT),
			      "NNB" },
};

#define F(x)	(1u << WOTK_##x)
#define STANDARD_FORMS	(F(PAWN) | F(SQUIRE) | F(PRIEST) | F(KNIGHT) | \
	F(BISHOP) | F(BARON) | F(ARCHBISHOP) | F(ROOK) | F(NIGHTRIDER) | \
	F(FOOL) | F(CARDINAL) | F(CHANCELLOR) | F(QUEEN) | F(LORD) | \
	F(RAVEN) | F(KING))

/* The seed's two tables ("Wege", "Alternative Wege"). */
static const struct wotk_paths wotk_paths_tables[] = {
	{ "standard", STANDARD_FORMS, false },
	{ "alternative", (STANDARD_FORMS & ~F(LORD)) | F(GUARD) | F(EARL) |
	    F(SHIP) | F(WATCHTOWER) | F(CANNON) | F(GIRAFFE) | F(DUKE), true },
};

/* Names a player may write after '=' (English and German, lower case). */
static const struct {
	const char	*name;
	int		 form;
} wotk_names[] = {
	{ "pawn", WOTK_PAWN }, { "bauer", WOTK_PAWN },
	{ "squire", WOTK_SQUIRE }, { "knappe", WOTK_SQUIRE },
	{ "priest", WOTK_PRIEST }, { "priester", WOTK_PRIEST },
	{ "knight", WOTK_KNIGHT }, { "ritter", WOTK_KNIGHT },
	{ "springer", WOTK_KNIGHT },
	{ "bishop", WOTK_BISHOP }, { "bischof", WOTK_BISHOP },
	{ "baron", WOTK_BARON },
	{ "archbishop", WOTK_ARCHBISHOP }, { "erzbischof", WOTK_ARCHBISHOP },
	{ "rook", WOTK_ROOK }, { "turm", WOTK_ROOK },
	{ "nightrider", WOTK_NIGHTRIDER }, { "nachtreiter", WOTK_NIGHTRIDER },
	{ "fool", WOTK_FOOL }, { "narr", WOTK_FOOL },
	{ "cardinal", WOTK_CARDINAL }, { "kardinal", WOTK_CARDINAL },
	{ "chancellor", WOTK_CHANCELLOR }, { "kanzler", WOTK_CHANCELLOR },
	{ "queen", WOTK_QUEEN }, { "dame", WOTK_QUEEN },
	{ "lord", WOTK_LORD },
	{ "raven", WOTK_RAVEN }, { "lordchancellor", WOTK_RAVEN },
	{ "lordkanzler", WOTK_RAVEN },
	{ "king", WOTK_KING }, { "koenig", WOTK_KING },
	{ "k\xc3\xb6nig", WOTK_KING },
	{ "guard", WOTK_GUARD }, { "wache", WOTK_GUARD },
	{ "earl", WOTK_EARL }, { "graf", WOTK_EARL },
	{ "ship", WOTK_SHIP }, { "schiff", WOTK_SHIP },
	{ "watchtower", WOTK_WATCHTOWER }, { "wachturm", WOTK_WATCHTOWER },
	{ "cannon", WOTK_CANNON }, { "kanone", WOTK_CANNON },
	{ "giraffe", WOTK_GIRAFFE },
	{ "duke", WOTK_DUKE },
};

/*
 * Forms a table lacks that it has under another name (decision 3: the
 * alternative table's Duke is the Lord under another name): a letter or a
 * name of the first form, written where the table holds the second,
 * stands for the second, which is the one printed. One way only: the
 * standard table is Betza's, and nothing there is read differently.
 */
static const struct {
	int		 written;
	int		 meant;
} wotk_renamed[] = {
	{ WOTK_LORD, WOTK_DUKE },
};

const struct wotk_paths *
wotk_paths_find(const char *word)
{
	size_t	 i;

	for (i = 0; i < sizeof(wotk_paths_tables) /
	    sizeof(wotk_paths_tables[0]); i++)
		if (strcasecmp(word, wotk_paths_tables[i].word) == 0)
			return &wotk_paths_tables[i];
	return NULL;
}

/*
 * The forms one improvement of form f leads to (research 3): standard
 * table: keep the alignment where the next level has it, else choose among
 * all forms of the next level (neutral to aligned: the owner chooses;
 * aligned to neutral: the one neutral form). Alternative table: from an
 * aligned form, the same alignment or neutral; from neutral, any; an empty
 * set falls back to every form of the level.
 */
static uint32_t
wotk_step(const struct wotk_paths *p, int f)
{
	uint32_t	 all = 0, same = 0;
	int		 lvl = wotk_forms[f].level + 1, al = wotk_forms[f].align;
	int		 g;

	for (g = 0; g < WOTK_FORMS; g++) {
		if (!(p->forms & (1u << g)) || wotk_forms[g].level != lvl)
			continue;
		all |= 1u << g;
		if (wotk_forms[g].align == al || (p->mixed &&
		    (al == WOTK_NEUTRAL || wotk_forms[g].align ==
		    WOTK_NEUTRAL)))
			same |= 1u << g;
	}
	return same != 0 ? same : all;
}

void
wotk_rules_init(struct wotk_rules *r, const struct wotk_paths *p)
{
	int	 f;

	r->paths = p;
	r->experience = true;
	r->double_gain = r->exact_rank = r->strict_castling = false;
	for (f = 0; f < WOTK_FORMS; f++)
		r->step[f] = (p->forms & (1u << f)) ? wotk_step(p, f) : 0;
}

/* Form f as r's table has it: f itself, the form it names there
 * (wotk_renamed), or -1. */
static int
wotk_form_in(const struct wotk_rules *r, int f)
{
	size_t	 i;

	if (r->paths->forms & (1u << f))
		return f;
	for (i = 0; i < sizeof(wotk_renamed) / sizeof(wotk_renamed[0]); i++)
		if (wotk_renamed[i].written == f &&
		    (r->paths->forms & (1u << wotk_renamed[i].meant)))
			return wotk_renamed[i].meant;
	return -1;
}

/* The form of a letter in either case, in r's table; -1 if none. */
int
wotk_form_by_letter(const struct wotk_rules *r, char c)
{
	int	 f;

	if (c >= 'a' && c <= 'z')
		c = (char)(c - 'a' + 'A');
	for (f = 0; f < WOTK_FORMS; f++)
		if (wotk_forms[f].letter == c)
			return wotk_form_in(r, f);
	return -1;
}

/* The forms steps improvements lead to (a bit set; the form itself for 0);
 * the level stops at the cap (rules 1). */
uint32_t
wotk_reach(const struct wotk_rules *r, int form, int steps)
{
	uint32_t	 cur = 1u << form, next;
	int		 i, g;

	for (i = 0; i < steps; i++) {
		next = 0;
		for (g = 0; g < WOTK_FORMS; g++)
			if (cur & (1u << g))
				next |= wotk_forms[g].level < WOTK_LEVEL_MAX ?
				    r->step[g] : 1u << g;
		cur = next;
	}
	return cur;
}

/* Catalog key of a form's name: "wotk.form.Q". */
const char *
wotk_form_key(const struct wotk_rules *r, int form)
{
	static const char *const keys[WOTK_FORMS] = {
		"wotk.form.P", "wotk.form.S", "wotk.form.I", "wotk.form.N",
		"wotk.form.B", "wotk.form.J", "wotk.form.E", "wotk.form.R",
		"wotk.form.G", "wotk.form.F", "wotk.form.C", "wotk.form.M",
		"wotk.form.Q", "wotk.form.L", "wotk.form.V", "wotk.form.K",
		"wotk.form.U", "wotk.form.Y", "wotk.form.X", "wotk.form.T",
		"wotk.form.O", "wotk.form.Z", "wotk.form.W",
	};

	(void)r;
	return form >= 0 && form < WOTK_FORMS ? keys[form] : "wotk.form.none";
}

/* A form written as a letter or a name of this table; -1 if none. */
int
wotk_form_by_name(const struct wotk_rules *r, const char *s)
{
	size_t	 i;

	if (s[0] != '\0' && s[1] == '\0')
		return wotk_form_by_letter(r, s[0]);
	for (i = 0; i < sizeof(wotk_names) / sizeof(wotk_names[0]); i++)
		if (strcasecmp(s, wotk_names[i].name) == 0)
			return wotk_form_in(r, wotk_names[i].form);
	return -1;
}
