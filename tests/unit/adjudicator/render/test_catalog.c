/*
 * test_catalog.c - adjudicator/render/catalog.c: the real templates/en and
 * templates/de (same keys, same placeholders, plural forms instead of
 * "unit(s)"), and rendering, plural forms, fallback and refusals on a
 * small templates directory made in /tmp.
 */
#include "tests/unit/test.h"
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adjudicator/render/catalog.h"
#include "common/util.h"

/* ---- the real catalogs ---- */

static struct catalog	*en, *de, *de_alone;

static void
real_setup(void)
{
	char	 why[256] = "";

	en = catalog_load("templates", "en", NULL, why, sizeof(why));
	ck_assert_msg(en != NULL, "en: %s", why);
	de = catalog_load("templates", "de", en, why, sizeof(why));
	ck_assert_msg(de != NULL, "de: %s", why);
	/* Without a fallback, so that a key missing in de shows. */
	de_alone = catalog_load("templates", "de", NULL, why, sizeof(why));
	ck_assert_msg(de_alone != NULL, "de: %s", why);
}

static void
real_teardown(void)
{
	catalog_free(de_alone);
	catalog_free(de);
	catalog_free(en);
}

/* The placeholders {1}..{4} of a text, as bits 0..3. */
static unsigned
placeholders(const char *t)
{
	unsigned	 set = 0;

	for (; *t; t++)
		if (t[0] == '{' && t[1] >= '1' && t[1] <= '4' && t[2] == '}')
			set |= 1U << (t[1] - '1');
	return set;
}

START_TEST(both_languages_load_with_entries)
{
	ck_assert_str_eq(catalog_lang(en), "en");
	ck_assert_str_eq(catalog_lang(de), "de");
	ck_assert_uint_gt(catalog_size(en), 100);
	ck_assert_uint_gt(catalog_size(de_alone), 100);
	ck_assert_ptr_null(catalog_key_at(en, catalog_size(en)));
	ck_assert_ptr_nonnull(catalog_get(en, "judge.reply.subject"));
	ck_assert_ptr_nonnull(catalog_get(de_alone, "judge.reply.subject"));
	ck_assert_str_ne(catalog_get(en, "judge.reply.subject"),
	    catalog_get(de_alone, "judge.reply.subject"));
}
END_TEST

START_TEST(every_en_key_exists_in_de)
{
	struct buf	 miss;
	const char	*k;
	size_t		 i;

	buf_init(&miss);
	for (i = 0; i < catalog_size(en); i++) {
		k = catalog_key_at(en, i);
		if (catalog_get(de_alone, k) == NULL)
			buf_printf(&miss, " %s", k);
	}
	ck_assert_msg(miss.len == 0, "templates/de lacks:%s", miss.data);
	buf_free(&miss);
}
END_TEST

START_TEST(every_de_key_exists_in_en)
{
	const char	*k;
	size_t		 i;

	for (i = 0; i < catalog_size(de_alone); i++) {
		k = catalog_key_at(de_alone, i);
		ck_assert_msg(catalog_get(en, k) != NULL,
		    "templates/de has %s, which en lacks", k);
	}
}
END_TEST

START_TEST(each_pair_uses_the_same_placeholders)
{
	const char	*k, *te, *td;
	size_t		 i;

	for (i = 0; i < catalog_size(en); i++) {
		k = catalog_key_at(en, i);
		te = catalog_get(en, k);
		if ((td = catalog_get(de_alone, k)) == NULL)
			continue;	/* reported by every_en_key_exists_in_de */
		ck_assert_msg(placeholders(te) == placeholders(td),
		    "%s: en uses {%x}, de uses {%x} (bits 1..4)", k,
		    placeholders(te), placeholders(td));
	}
}
END_TEST

START_TEST(no_key_is_defined_twice)
{
	size_t	 i;

	for (i = 0; i + 1 < catalog_size(en); i++)
		ck_assert_msg(strcmp(catalog_key_at(en, i),
		    catalog_key_at(en, i + 1)) != 0, "en defines %s twice",
		    catalog_key_at(en, i));
	for (i = 0; i + 1 < catalog_size(de_alone); i++)
		ck_assert_msg(strcmp(catalog_key_at(de_alone, i),
		    catalog_key_at(de_alone, i + 1)) != 0, "de defines %s twice",
		    catalog_key_at(de_alone, i));
}
END_TEST

/* A game names a key in a struct game_msg of GAME_KEY_MAX bytes: every
 * key of the catalogs fits it whole (msg.c cuts a longer one). */
START_TEST(every_key_fits_a_message)
{
	size_t	 i;

	for (i = 0; i < catalog_size(en); i++)
		ck_assert_msg(strlen(catalog_key_at(en, i)) < GAME_KEY_MAX,
		    "%s", catalog_key_at(en, i));
}
END_TEST

/*
 * Issue 16: "1 supply centres", "1 Einheiten". Both catalogs choose the
 * word by the count (templates/README.md, plural forms).
 */
START_TEST(the_real_catalogs_count_in_the_singular_and_plural)
{
	struct buf	 b;

	buf_init(&b);
	catalog_say(en, &b, "dip.view.power", 3, "@dip.power.2", "1", "1");
	ck_assert_str_eq(b.data, "France: 1 supply centre, 1 unit.");
	buf_reset(&b);
	catalog_say(en, &b, "dip.view.power", 3, "@dip.power.2", "2", "0");
	ck_assert_str_eq(b.data, "France: 2 supply centres, 0 units.");
	buf_reset(&b);
	catalog_say(de, &b, "dip.view.power", 3, "@dip.power.3", "1", "1");
	ck_assert_str_eq(b.data,
	    "Deutschland: 1 Versorgungszentrum, 1 Einheit.");
	buf_reset(&b);
	catalog_say(de, &b, "dip.view.power", 3, "@dip.power.3", "2", "2");
	ck_assert_str_eq(b.data,
	    "Deutschland: 2 Versorgungszentren, 2 Einheiten.");
	buf_reset(&b);
	catalog_say(en, &b, "dip.view.may_build", 2, "@dip.power.2", "1");
	ck_assert_str_eq(b.data, "France may build 1 unit.");
	buf_reset(&b);
	catalog_say(de, &b, "dip.view.must_remove", 2, "@dip.power.2", "2");
	ck_assert_str_eq(b.data,
	    "Frankreich muss 2 Einheiten aufl\xc3\xb6sen.");
	buf_reset(&b);
	catalog_say(en, &b, "judge.press.sent", 2, "Black", "1");
	ck_assert_str_eq(b.data, "Sent to Black (1 line).");
	buf_reset(&b);
	catalog_say(de, &b, "judge.press.sent", 2, "Schwarz", "3");
	ck_assert_str_eq(b.data, "Gesandt an Schwarz (3 Zeilen).");
	buf_free(&b);
}
END_TEST

/* Where a text of c writes "word(s)", "Wort(en)" and the like: the first
 * such spot, or NULL. A letter, then one to three small letters in
 * parentheses. */
static const char *
bracket_plural(const char *t)
{
	const char	*p;
	size_t		 n;
	unsigned	 c;

	for (p = t; (p = strchr(p, '(')) != NULL; p++) {
		c = p == t ? 0 : (unsigned char)p[-1];
		if (!((c >= 'a' && c <= 'z') || c >= 0x80))
			continue;
		n = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz");
		if (n >= 1 && n <= 3 && p[1 + n] == ')')
			return p;
	}
	return NULL;
}

START_TEST(no_text_writes_a_plural_in_brackets)
{
	const struct catalog	*c[2] = { en, de_alone };
	const char		*k, *at;
	size_t			 i;
	int			 l;

	for (l = 0; l < 2; l++)
		for (i = 0; i < catalog_size(c[l]); i++) {
			k = catalog_key_at(c[l], i);
			at = bracket_plural(catalog_get(c[l], k));
			ck_assert_msg(at == NULL, "%s %s: \"%.12s\": use a "
			    "plural form {N|one|other} (templates/README.md)",
			    catalog_lang(c[l]), k, at ? at - 3 : "");
		}
}
END_TEST

/* A plural form counts an argument the English text prints: "{2}
 * {2|unit|units}", never a number the reader does not see. */
START_TEST(every_plural_form_counts_a_printed_argument)
{
	const struct catalog	*c[2] = { en, de_alone };
	const char		*k, *t, *p;
	size_t			 i;
	int			 l;

	for (l = 0; l < 2; l++)
		for (i = 0; i < catalog_size(c[l]); i++) {
			k = catalog_key_at(c[l], i);
			t = catalog_get(c[l], k);
			for (p = t; (p = strchr(p, '{')) != NULL; p++)
				if (p[1] >= '1' && p[1] <= '4' && p[2] == '|')
					ck_assert_msg(placeholders(
					    catalog_get(en, k)) &
					    (1U << (p[1] - '1')), "%s %s: "
					    "{%c|...} counts an argument en "
					    "does not print",
					    catalog_lang(c[l]), k, p[1]);
		}
}
END_TEST

/* Whether t holds word w (any case) with no letter on either side. */
static bool
has_word(const char *t, const char *w)
{
	const char	*p;
	size_t		 n = strlen(w);

	for (p = t; (p = strcasestr(p, w)) != NULL; p++)
		if ((p == t || !isalpha((unsigned char)p[-1])) &&
		    !isalpha((unsigned char)p[n]))
			return true;
	return false;
}

/*
 * Issue 16: one German term set. The game master is "Spielleiter", the
 * judge (the program) "Schiedsrichter": where the English text speaks of
 * the judge alone, the German one never says Spielleiter, and the other
 * way round; "Spielleitung" and "Judge" are not used at all.
 */
START_TEST(german_calls_the_gm_spielleiter_and_the_judge_schiedsrichter)
{
	const char	*k, *te, *td;
	bool		 judge, gm;
	size_t		 i;

	for (i = 0; i < catalog_size(en); i++) {
		k = catalog_key_at(en, i);
		te = catalog_get(en, k);
		if ((td = catalog_get(de_alone, k)) == NULL)
			continue;
		judge = has_word(te, "judge");
		gm = has_word(te, "game master") || strstr(te, "GM") != NULL;
		ck_assert_msg(!(judge && !gm && strstr(td, "Spielleiter")),
		    "%s: en speaks of the judge, de of the Spielleiter", k);
		ck_assert_msg(!(gm && !judge && strstr(td, "Schiedsrichter")),
		    "%s: en speaks of the game master, de of the "
		    "Schiedsrichter", k);
		ck_assert_msg(strstr(td, "Spielleitung") == NULL &&
		    !has_word(td, "Judge"), "%s: de says Spielleitung or Judge",
		    k);
	}
}
END_TEST

/* Issue 16: the games name provinces and order words by reference; the
 * real catalogs say them in the reader's language. */
START_TEST(references_name_provinces_and_order_words_per_language)
{
	struct game_msg	 m;
	struct buf	 b;

	memset(&m, 0, sizeof(m));
	snprintf(m.key, sizeof(m.key), "dip.err.unknown_province_hint");
	m.nargs = 3;
	snprintf(m.args[0], sizeof(m.args[0]), "A Muenchn H");
	snprintf(m.args[1], sizeof(m.args[1]), "Muenchn");
	snprintf(m.args[2], sizeof(m.args[2]),
	    "@dip.prov.mun (MUN), @dip.prov.aeg (AEG)");
	buf_init(&b);
	catalog_render(de, &m, &b);
	ck_assert_msg(strstr(b.data, "Meinten Sie M\xc3\xbcnchen (MUN), "
	    "\xc3\x84g\xc3\xa4isches Meer (AEG)?") != NULL, "%s", b.data);
	buf_free(&b);
	buf_init(&b);
	catalog_render(en, &m, &b);
	ck_assert_msg(strstr(b.data, "Did you mean Munich (MUN), Aegean Sea "
	    "(AEG)?") != NULL, "%s", b.data);
	buf_free(&b);
	snprintf(m.key, sizeof(m.key), "dip.ok.order");
	m.nargs = 1;
	snprintf(m.args[0], sizeof(m.args[0]),
	    "A BER @dip.ord.support A MUN - KIE");
	buf_init(&b);
	catalog_render(de, &m, &b);
	ck_assert_str_eq(b.data,
	    "Befehl: A BER unterst\xc3\xbctzt A MUN - KIE");
	buf_free(&b);
	buf_init(&b);
	catalog_render(en, &m, &b);
	ck_assert_str_eq(b.data, "order: A BER S A MUN - KIE");
	buf_free(&b);
}
END_TEST

/* ---- a templates directory of our own ---- */

static char	 dir[64];

static void
write_file(const char *rel, const char *text)
{
	char	 p[256];
	FILE	*f;

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	ck_assert_ptr_nonnull(f = fopen(p, "w"));
	fputs(text, f);
	fclose(f);
}

static void
make_dir(const char *rel)
{
	char	 p[256];

	snprintf(p, sizeof(p), "%s/%s", dir, rel);
	ck_assert_int_eq(mkdir(p, 0700), 0);
}

static void
tmp_setup(void)
{
	strcpy(dir, "/tmp/pbemd-catalog-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	make_dir("en");
	make_dir("de");
	make_dir("bad");
	make_dir("plu");
	write_file("en/a.txt",
	    "# a comment\n"
	    "\n"
	    "greet = Hello {1}, you are {2}.\n"
	    "piece.king = King\n"
	    "multi = one\\ntwo\n"
	    "backslash = a\\\\nb\n"
	    "  spaced.key   =   padded text  \r\n"
	    "eq = a=b\n"
	    "swap = {2} before {1}{3}\n"
	    "count = {1} {1|unit|units} in {2|one day|{2} days}{3|!|}\n");
	write_file("en/b.txt",
	    "only.en = English only {1}\n");
	write_file("en/ignored.md", "not = read\n");
	write_file("de/a.txt",
	    "greet = Hallo {1}, du bist {2}.\n"
	    "piece.king = K\xc3\xb6nig\n");
	write_file("bad/a.txt", "fine = yes\n");
	write_file("plu/a.txt",
	    "fine = {1|one|other} and {1}\n"
	    "also.fine = {1} {2} {x|y}\n"
	    "broken = {1} {1|unit}\n"
	    "nested = {1|one {2|x|y}|other}\n");
	write_file("bad/b.txt",
	    "# first\n"
	    "ok = fine\n"
	    "this line has no equals sign\n"
	    "later = never read\n");
}

static void
tmp_teardown(void)
{
	static const char *const files[] = {
		"en/a.txt", "en/b.txt", "en/ignored.md", "de/a.txt",
		"bad/a.txt", "bad/b.txt", "plu/a.txt", "en", "de", "bad",
		"plu", ""
	};
	char	 p[256];
	size_t	 i;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, files[i]);
		remove(p);
	}
}

/* catalog_say into a fresh buffer; the caller frees the result. */
static char *
say(const struct catalog *c, const char *key, int nargs, const char *a1,
    const char *a2, const char *a3)
{
	struct buf	 b;

	buf_init(&b);
	catalog_say(c, &b, key, nargs, a1, a2, a3);
	return buf_steal(&b);
}

#define SAYS(c, key, n, a1, a2, a3, want) do {				\
	char	*got_ = say((c), (key), (n), (a1), (a2), (a3));		\
	ck_assert_msg(strcmp(got_, (want)) == 0, "%s: got \"%s\", want \"%s\"",\
	    (key), got_, (want));					\
	free(got_);							\
} while (0)

START_TEST(arguments_fill_the_placeholders)
{
	struct catalog	*c;
	char		 why[256] = "";

	c = catalog_load(dir, "en", NULL, why, sizeof(why));
	ck_assert_msg(c != NULL, "%s", why);
	SAYS(c, "greet", 2, "Ann", "first", NULL, "Hello Ann, you are first.");
	SAYS(c, "swap", 3, "one", "two", "!", "two before one!");
	/* A missing argument leaves its placeholder empty. */
	SAYS(c, "swap", 1, "one", NULL, NULL, " before one");
	/* Only *.txt files are read. */
	ck_assert_ptr_null(catalog_get(c, "not"));
	ck_assert_uint_eq(catalog_size(c), 9);
	catalog_free(c);
}
END_TEST

/* Issue 16: {N|one|other} by argument N, "1" alone being singular. */
START_TEST(a_plural_form_chooses_by_its_argument)
{
	struct catalog	*c;
	char		 why[256] = "";

	c = catalog_load(dir, "en", NULL, why, sizeof(why));
	ck_assert_msg(c != NULL, "%s", why);
	SAYS(c, "count", 3, "1", "1", "1", "1 unit in one day!");
	SAYS(c, "count", 3, "2", "0", "3", "2 units in 0 days");
	SAYS(c, "count", 2, "11", "1.5", NULL, "11 units in 1.5 days");
	SAYS(c, "count", 2, "01", "-1", NULL, "01 units in -1 days");
	/* A missing argument counts as "not one". */
	SAYS(c, "count", 1, "1", NULL, NULL, "1 unit in  days");
	catalog_free(c);
}
END_TEST

START_TEST(an_at_argument_is_translated)
{
	struct catalog	*e, *d;
	char		 why[256] = "";

	e = catalog_load(dir, "en", NULL, why, sizeof(why));
	ck_assert_msg(e != NULL, "%s", why);
	d = catalog_load(dir, "de", e, why, sizeof(why));
	ck_assert_msg(d != NULL, "%s", why);
	SAYS(e, "greet", 2, "Ann", "@piece.king", NULL, "Hello Ann, you are King.");
	SAYS(d, "greet", 2, "Ann", "@piece.king", NULL,
	    "Hallo Ann, du bist K\xc3\xb6nig.");
	/* An unknown @key stays as written. */
	SAYS(e, "greet", 2, "@nobody", "x", NULL, "Hello @nobody, you are x.");
	/* Issue 16: a reference inside an argument, where a word begins;
	 * a '.' after it ends the sentence; an address is no reference. */
	SAYS(d, "greet", 2, "Ann", "@piece.king und @piece.king.", NULL,
	    "Hallo Ann, du bist K\xc3\xb6nig und K\xc3\xb6nig..");
	SAYS(e, "greet", 2, "(@piece.king)", "ann@piece.king", NULL,
	    "Hello (King), you are ann@piece.king.");
	SAYS(e, "greet", 2, "a @nobody here", "@", NULL,
	    "Hello a @nobody here, you are @.");
	catalog_free(d);
	catalog_free(e);
}
END_TEST

START_TEST(escapes_and_spaces_are_handled_at_load)
{
	struct catalog	*c;
	char		 why[256] = "";

	c = catalog_load(dir, "en", NULL, why, sizeof(why));
	ck_assert_msg(c != NULL, "%s", why);
	ck_assert_str_eq(catalog_get(c, "multi"), "one\ntwo");
	ck_assert_str_eq(catalog_get(c, "backslash"), "a\\nb");
	ck_assert_str_eq(catalog_get(c, "spaced.key"), "padded text");
	ck_assert_str_eq(catalog_get(c, "eq"), "a=b");
	SAYS(c, "multi", 0, NULL, NULL, NULL, "one\ntwo");
	catalog_free(c);
}
END_TEST

START_TEST(a_missing_key_renders_as_key_and_arguments)
{
	struct catalog	*c;
	char		 why[256] = "";

	c = catalog_load(dir, "en", NULL, why, sizeof(why));
	ck_assert_msg(c != NULL, "%s", why);
	ck_assert_ptr_null(catalog_get(c, "no.such"));
	SAYS(c, "no.such", 0, NULL, NULL, NULL, "[no.such]");
	SAYS(c, "no.such", 2, "x", "@piece.king", NULL, "[no.such] x King");
	catalog_free(c);
}
END_TEST

START_TEST(de_falls_back_to_en_for_a_key_only_en_has)
{
	struct catalog	*e, *d, *alone;
	char		 why[256] = "";

	e = catalog_load(dir, "en", NULL, why, sizeof(why));
	ck_assert_msg(e != NULL, "%s", why);
	d = catalog_load(dir, "de", e, why, sizeof(why));
	ck_assert_msg(d != NULL, "%s", why);
	alone = catalog_load(dir, "de", NULL, why, sizeof(why));
	ck_assert_msg(alone != NULL, "%s", why);

	ck_assert_uint_eq(catalog_size(d), 2);
	SAYS(d, "only.en", 1, "z", NULL, NULL, "English only z");
	SAYS(alone, "only.en", 1, "z", NULL, NULL, "[only.en] z");
	/* de's own text wins over en's. */
	SAYS(d, "greet", 2, "A", "B", NULL, "Hallo A, du bist B.");
	catalog_free(alone);
	catalog_free(d);
	catalog_free(e);
}
END_TEST

START_TEST(a_line_without_equals_is_refused_with_file_and_line)
{
	char	 why[256] = "", want[128];

	ck_assert_ptr_null(catalog_load(dir, "bad", NULL, why, sizeof(why)));
	snprintf(want, sizeof(want), "%s/bad/b.txt:3:", dir);
	ck_assert_msg(strstr(why, want) != NULL, "why: %s (want %s)", why, want);
}
END_TEST

START_TEST(a_malformed_plural_form_is_refused_with_file_and_line)
{
	char	 why[256] = "", want[128];

	ck_assert_ptr_null(catalog_load(dir, "plu", NULL, why,
	    sizeof(why)));
	snprintf(want, sizeof(want), "%s/plu/a.txt:3: a plural form "
	    "reads {N|one|other}", dir);
	ck_assert_msg(strstr(why, want) != NULL, "why: %s (want %s)", why,
	    want);
}
END_TEST

/* More files than catalog_load() takes: refused, where the ones past
 * the 64th used to be left out (and their keys print as "[key]"). */
START_TEST(more_catalog_files_than_it_takes_are_refused)
{
	char	 why[256] = "", rel[64], p[256];
	int	 i;

	make_dir("many");
	for (i = 0; i < 65; i++) {
		snprintf(rel, sizeof(rel), "many/f%02d.txt", i);
		write_file(rel, "k = v\n");
	}
	ck_assert_ptr_null(catalog_load(dir, "many", NULL, why, sizeof(why)));
	ck_assert_msg(strstr(why, "more than 64 catalog files") != NULL,
	    "why: %s", why);
	snprintf(p, sizeof(p), "%s/many/f64.txt", dir);
	remove(p);
	{
		struct catalog *c = catalog_load(dir, "many", NULL, why,
		    sizeof(why));

		ck_assert_msg(c != NULL, "%s", why);
		catalog_free(c);
	}
	for (i = 0; i < 64; i++) {
		snprintf(p, sizeof(p), "%s/many/f%02d.txt", dir, i);
		remove(p);
	}
	snprintf(p, sizeof(p), "%s/many", dir);
	remove(p);
}
END_TEST

/* A path of more than 1023 bytes: cut, "DIR/./././..." opened DIR itself
 * and gave an empty catalog. */
START_TEST(a_path_too_long_is_refused)
{
	char	 why[256] = "", pad[1100];

	snprintf(pad, sizeof(pad), "%s", dir);
	while (strlen(pad) < 1030)
		strcat(pad, "/.");
	ck_assert_ptr_null(catalog_load(pad, "en", NULL, why, sizeof(why)));
	ck_assert_msg(strstr(why, "path longer than 1023 bytes") != NULL,
	    "why: %s", why);
}
END_TEST

START_TEST(a_missing_language_is_refused)
{
	char	 why[256] = "";

	ck_assert_ptr_null(catalog_load(dir, "fr", NULL, why, sizeof(why)));
	ck_assert_msg(strstr(why, "/fr") != NULL, "why: %s", why);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/render/catalog");
	TCase	*tc;

	tc = tcase_create("templates");
	tcase_add_checked_fixture(tc, real_setup, real_teardown);
	tcase_add_test(tc, both_languages_load_with_entries);
	tcase_add_test(tc, every_en_key_exists_in_de);
	tcase_add_test(tc, every_de_key_exists_in_en);
	tcase_add_test(tc, each_pair_uses_the_same_placeholders);
	tcase_add_test(tc, no_key_is_defined_twice);
	tcase_add_test(tc, every_key_fits_a_message);
	tcase_add_test(tc, the_real_catalogs_count_in_the_singular_and_plural);
	tcase_add_test(tc, no_text_writes_a_plural_in_brackets);
	tcase_add_test(tc, every_plural_form_counts_a_printed_argument);
	tcase_add_test(tc,
	    german_calls_the_gm_spielleiter_and_the_judge_schiedsrichter);
	tcase_add_test(tc,
	    references_name_provinces_and_order_words_per_language);
	suite_add_tcase(s, tc);

	tc = tcase_create("render");
	tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
	tcase_add_test(tc, arguments_fill_the_placeholders);
	tcase_add_test(tc, an_at_argument_is_translated);
	tcase_add_test(tc, escapes_and_spaces_are_handled_at_load);
	tcase_add_test(tc, a_missing_key_renders_as_key_and_arguments);
	tcase_add_test(tc, de_falls_back_to_en_for_a_key_only_en_has);
	tcase_add_test(tc, a_plural_form_chooses_by_its_argument);
	suite_add_tcase(s, tc);

	tc = tcase_create("load");
	tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
	tcase_add_test(tc, a_line_without_equals_is_refused_with_file_and_line);
	tcase_add_test(tc,
	    a_malformed_plural_form_is_refused_with_file_and_line);
	tcase_add_test(tc, a_missing_language_is_refused);
	tcase_add_test(tc, more_catalog_files_than_it_takes_are_refused);
	tcase_add_test(tc, a_path_too_long_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
