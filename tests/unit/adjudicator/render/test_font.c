/*
 * test_font.c - adjudicator/render/font.c: DejaVu Sans read from its files
 * with FreeType (issue 18): each style draws, a missing or broken font
 * file is refused with a reason an operator can act on, faces cairo still
 * holds outlive font_free(), and fontconfig is never started.
 */
#include "tests/unit/test.h"
#include <cairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/render/font.h"

#define W	200
#define H	40

/* Draws s in black on white with style at 20 px; the surface is ours. */
static cairo_surface_t *
draw(const struct font *f, enum font_style style, const char *s)
{
	cairo_surface_t	*sf;
	cairo_t		*cr;

	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
	cr = cairo_create(sf);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	font_use(cr, f, style);
	cairo_set_font_size(cr, 20);
	cairo_move_to(cr, 5, 28);
	cairo_show_text(cr, s);
	ck_assert_int_eq(cairo_status(cr), CAIRO_STATUS_SUCCESS);
	cairo_destroy(cr);
	cairo_surface_flush(sf);
	return sf;
}

/* Sum of (255 - grey) over the surface: how much ink. */
static long
ink(cairo_surface_t *sf)
{
	unsigned char	*d = cairo_image_surface_get_data(sf);
	int		 stride = cairo_image_surface_get_stride(sf), x, y;
	long		 n = 0;

	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			n += 255 - (((uint32_t *)(void *)(d + y * stride))[x] &
			    255);
	return n;
}

static int
differ(cairo_surface_t *a, cairo_surface_t *b)
{
	return memcmp(cairo_image_surface_get_data(a),
	    cairo_image_surface_get_data(b),
	    (size_t)cairo_image_surface_get_stride(a) * H) != 0;
}

START_TEST(each_style_draws_and_bold_has_more_ink)
{
	cairo_surface_t	*s[FONT_STYLES];
	struct font	*f;
	char		 why[256];
	int		 i;

	f = font_open(NULL, why, sizeof(why));
	ck_assert_msg(f != NULL, "%s", why);
	for (i = 0; i < FONT_STYLES; i++) {
		s[i] = draw(f, i, "Hamburg");
		ck_assert_int_gt(ink(s[i]), 50 * 255);
	}
	ck_assert_int_gt(ink(s[FONT_BOLD]), ink(s[FONT_REGULAR]) * 11 / 10);
	/* Slanted: the same ink, elsewhere. */
	ck_assert(differ(s[FONT_BOLD], s[FONT_BOLD_SLANTED]));
	ck_assert_int_lt(labs(ink(s[FONT_BOLD]) - ink(s[FONT_BOLD_SLANTED])),
	    ink(s[FONT_BOLD]) / 10);
	for (i = 0; i < FONT_STYLES; i++)
		cairo_surface_destroy(s[i]);
	font_free(f);
}
END_TEST

START_TEST(the_same_text_gives_the_same_pixels_from_two_opens)
{
	cairo_surface_t	*a, *b;
	struct font	*f, *g;
	char		 why[256];

	f = font_open(NULL, why, sizeof(why));
	g = font_open(FONT_DIR, why, sizeof(why));
	ck_assert(f != NULL && g != NULL);
	a = draw(f, FONT_BOLD_SLANTED, "Norwegian Sea");
	b = draw(g, FONT_BOLD_SLANTED, "Norwegian Sea");
	ck_assert(!differ(a, b));
	cairo_surface_destroy(a);
	cairo_surface_destroy(b);
	font_free(f);
	font_free(g);
}
END_TEST

START_TEST(a_missing_font_names_its_file_and_package)
{
	char	 why[512];

	ck_assert_ptr_null(font_open("/nonexistent/fonts", why, sizeof(why)));
	ck_assert_msg(strstr(why, "/nonexistent/fonts/DejaVuSans.ttf") !=
	    NULL, "%s", why);
	ck_assert_msg(strstr(why, "fonts-dejavu-core") != NULL, "%s", why);
	ck_assert_msg(strstr(why, "FONT_DIR") != NULL, "%s", why);
}
END_TEST

START_TEST(a_file_that_is_no_font_is_refused)
{
	char	 dir[] = "/tmp/pbemd-font.XXXXXX", path[128], why[512];
	FILE	*fp;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/DejaVuSans.ttf", dir);
	fp = fopen(path, "w");
	ck_assert_ptr_nonnull(fp);
	fputs("not a font\n", fp);
	fclose(fp);
	ck_assert_ptr_null(font_open(dir, why, sizeof(why)));
	ck_assert_msg(strstr(why, "not a font") != NULL, "%s", why);
	unlink(path);
	rmdir(dir);
}
END_TEST

/*
 * cairo keeps a face it drew with after font_free() (a context that still
 * has it, its font cache): drawing on with it must not touch freed
 * memory (AddressSanitizer watches), and it must still draw.
 */
START_TEST(faces_outlive_the_set_while_cairo_holds_them)
{
	cairo_surface_t	*sf;
	cairo_t		*cr;
	struct font	*f;
	char		 why[256];

	f = font_open(NULL, why, sizeof(why));
	ck_assert_ptr_nonnull(f);
	sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
	cr = cairo_create(sf);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	font_use(cr, f, FONT_BOLD);
	font_free(f);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_font_size(cr, 20);
	cairo_move_to(cr, 5, 28);
	cairo_show_text(cr, "Kiel");
	ck_assert_int_eq(cairo_status(cr), CAIRO_STATUS_SUCCESS);
	cairo_destroy(cr);
	cairo_surface_flush(sf);
	ck_assert_int_gt(ink(sf), 20 * 255);
	cairo_surface_destroy(sf);
}
END_TEST

/*
 * No fontconfig (issue 18): cairo's named faces made it read its
 * configuration and map its caches (/var/cache/fontconfig) into the
 * process at the first text.
 */
START_TEST(text_is_drawn_without_fontconfig)
{
	cairo_surface_t	*sf;
	struct font	*f;
	FILE		*maps;
	char		 why[256], line[1024];
	int		 i;

	f = font_open(NULL, why, sizeof(why));
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < FONT_STYLES; i++) {
		sf = draw(f, i, "Ankara");
		cairo_surface_destroy(sf);
	}
	font_free(f);
	maps = fopen("/proc/self/maps", "r");
	ck_assert_ptr_nonnull(maps);
	while (fgets(line, sizeof(line), maps) != NULL)
		ck_assert_msg(strstr(line, "/fontconfig/") == NULL, "%s",
		    line);
	fclose(maps);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/render/font");
	TCase	*tc;

	tc = tcase_create("font_open");
	tcase_add_test(tc, each_style_draws_and_bold_has_more_ink);
	tcase_add_test(tc, the_same_text_gives_the_same_pixels_from_two_opens);
	tcase_add_test(tc, a_missing_font_names_its_file_and_package);
	tcase_add_test(tc, a_file_that_is_no_font_is_refused);
	tcase_add_test(tc, faces_outlive_the_set_while_cairo_holds_them);
	tcase_add_test(tc, text_is_drawn_without_fontconfig);
	suite_add_tcase(s, tc);
	return s;
}
