/*
 * test_token.c - mail/token.c: the OAuth2 token from a file (first line,
 * line ends, bounds, empty and missing files) and from a command (its
 * output, a non-zero exit, a signal, a timeout that kills its whole
 * process group, too much output, no standard input), and that no reason
 * quotes what was read.
 */
#include "tests/unit/test.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mail/token.h"

static char	 path[64], why[256];

static void
setup(void)
{
	int	 fd;

	strcpy(path, "/tmp/pbemd-token-XXXXXX");
	ck_assert_int_ge(fd = mkstemp(path), 0);
	close(fd);
	why[0] = '\0';
}

static void
teardown(void)
{
	unlink(path);
}

static void
write_bytes(const char *p, const char *text, size_t len)
{
	FILE	*f;

	ck_assert_ptr_nonnull(f = fopen(p, "w"));
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	fclose(f);
}

static char *
from_file(const char *text)
{
	struct token_source	 src = { path, NULL, 0 };

	write_bytes(path, text, strlen(text));
	return token_read(&src, why, sizeof(why));
}

static char *
from_command(const char *cmd, int timeout)
{
	struct token_source	 src = { NULL, cmd, timeout };

	return token_read(&src, why, sizeof(why));
}

/* Expects a refusal whose reason holds want. */
static void
refused(char *tok, const char *want)
{
	ck_assert_msg(tok == NULL, "accepted \"%s\"", tok);
	ck_assert_msg(strstr(why, want) != NULL, "why \"%s\" lacks \"%s\"",
	    why, want);
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec	 t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	    (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

START_TEST(a_file_gives_its_first_line_without_the_line_end)
{
	char	*t;

	t = from_file("ya29.a0Af-_~+/x==\n");
	ck_assert_str_eq(t, "ya29.a0Af-_~+/x==");
	token_free(t);
	t = from_file("tok\r\nexpires_in=3599\n");
	ck_assert_str_eq(t, "tok");
	token_free(t);
	t = from_file("no-newline-at-the-end");
	ck_assert_str_eq(t, "no-newline-at-the-end");
	token_free(t);
}
END_TEST

START_TEST(a_token_of_the_maximum_length_is_read_whole)
{
	char	*text = malloc(TOKEN_MAX + 3), *t;

	memset(text, 'a', TOKEN_MAX);
	memcpy(text + TOKEN_MAX, "\r\n", 3);
	t = from_file(text);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(strlen(t), TOKEN_MAX);
	token_free(t);
	/* one byte more is refused, not cut */
	text[TOKEN_MAX] = 'a';
	text[TOKEN_MAX + 1] = '\n';
	refused(from_file(text), "longer than 16384 bytes");
	/* and without a line end at all */
	text[TOKEN_MAX + 1] = 'a';
	text[TOKEN_MAX + 2] = '\0';
	refused(from_file(text), "longer than 16384 bytes");
	free(text);
}
END_TEST

START_TEST(an_empty_file_or_first_line_is_refused)
{
	refused(from_file(""), "the first line is empty");
	refused(from_file("\n"), "the first line is empty");
	refused(from_file("\r\ntoken-on-line-two\n"), "the first line is empty");
	ck_assert_ptr_nonnull(strstr(why, path));
}
END_TEST

START_TEST(a_missing_file_is_refused_with_its_name)
{
	struct token_source	 src = { "/nonexistent/pbemd.token", NULL, 0 };

	refused(token_read(&src, why, sizeof(why)),
	    "token_file /nonexistent/pbemd.token: cannot open: No such file");
}
END_TEST

START_TEST(what_is_no_b64token_is_refused_without_quoting_it)
{
	struct token_source	 src = { path, NULL, 0 };

	refused(from_file("secret with a space\n"), "no OAuth2 access token");
	ck_assert_ptr_null(strstr(why, "secret"));
	refused(from_file("secret\001auth=Bearer x\n"), "no OAuth2 access token");
	refused(from_file("{\"access_token\":\"secret\"}\n"),
	    "no OAuth2 access token");
	ck_assert_ptr_null(strstr(why, "secret"));
	/* a NUL inside the line */
	write_bytes(path, "sec\0ret\n", 8);
	refused(token_read(&src, why, sizeof(why)), "no OAuth2 access token");
}
END_TEST

START_TEST(b64tokens_are_told_apart)
{
	ck_assert(token_valid("a"));
	ck_assert(token_valid("AZaz09-._~+/"));
	ck_assert(token_valid("abc=="));
	ck_assert(!token_valid(""));
	ck_assert(!token_valid("=="));
	ck_assert(!token_valid("ab=c"));
	ck_assert(!token_valid("a b"));
	ck_assert(!token_valid("a,b"));
	ck_assert(!token_valid("a\tb"));
	ck_assert(!token_valid("\xc3\xa4"));
}
END_TEST

START_TEST(a_command_gives_the_first_line_it_prints)
{
	char	*t;

	t = from_command("printf 'cmd-token\\r\\nexpires 3600\\n'", 10);
	ck_assert_str_eq(t, "cmd-token");
	token_free(t);
	/* run by /bin/sh -c: pipes and variables work */
	t = from_command("X=abc; echo \"$X\" | tr a-c A-C", 10);
	ck_assert_str_eq(t, "ABC");
	token_free(t);
}
END_TEST

START_TEST(a_command_that_fails_is_refused_with_its_status)
{
	refused(from_command("echo good-token; exit 3", 10),
	    "token_command: exited with status 3");
	refused(from_command("kill -TERM $$", 10),
	    "token_command: killed by signal 15");
	refused(from_command("true", 10),
	    "token_command: no token (the first line is empty)");
}
END_TEST

START_TEST(a_command_reads_no_input)
{
	struct timespec	 t0;

	/* stdin is /dev/null: cat ends at once instead of waiting on the
	 * judge's own standard input. */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	refused(from_command("cat", 20), "the first line is empty");
	ck_assert(seconds_since(&t0) < 10);
}
END_TEST

START_TEST(a_command_past_its_timeout_is_killed_with_its_children)
{
	struct timespec	 t0;
	char		 pidfile[80], cmd[200], stat[64];
	FILE		*f;
	long		 pid = 0;
	int		 i;

	snprintf(pidfile, sizeof(pidfile), "%s.pid", path);
	/* The child sleep holds the pipe open after the shell is killed:
	 * only killing the group ends the wait. */
	snprintf(cmd, sizeof(cmd), "sleep 60 & echo $! >%s; wait", pidfile);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	refused(from_command(cmd, 1), "token_command: no end after 1 s; killed");
	ck_assert_msg(seconds_since(&t0) < 20, "took %.1f s",
	    seconds_since(&t0));
	ck_assert_ptr_nonnull(f = fopen(pidfile, "r"));
	ck_assert_int_eq(fscanf(f, "%ld", &pid), 1);
	fclose(f);
	unlink(pidfile);
	/* Gone, or a zombie waiting for its new parent to reap it. */
	snprintf(stat, sizeof(stat), "/proc/%ld/stat", pid);
	for (i = 0; i < 200; i++) {
		char	 line[256], *p;

		if ((f = fopen(stat, "r")) == NULL)
			break;
		p = fgets(line, sizeof(line), f);
		fclose(f);
		if (p != NULL && (p = strrchr(line, ')')) != NULL &&
		    p[2] == 'Z')
			break;
		usleep(50000);
	}
	ck_assert_msg(i < 200, "the command's child %ld still runs", pid);
}
END_TEST

START_TEST(a_command_that_closes_its_output_but_runs_on_is_killed)
{
	refused(from_command("echo tok; exec >&-; sleep 60", 1),
	    "token_command: no exit after 1 s; killed");
}
END_TEST

START_TEST(a_command_printing_too_much_is_refused)
{
	refused(from_command("head -c 20000 /dev/zero | tr '\\0' a", 20),
	    "token_command: printed more than 16386 bytes");
}
END_TEST

START_TEST(no_source_is_refused)
{
	struct token_source	 src = { NULL, NULL, 0 };

	refused(token_read(&src, why, sizeof(why)),
	    "neither token_file nor token_command");
	token_free(NULL);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("mail/token");
	TCase	*tc = tcase_create("file");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_file_gives_its_first_line_without_the_line_end);
	tcase_add_test(tc, a_token_of_the_maximum_length_is_read_whole);
	tcase_add_test(tc, an_empty_file_or_first_line_is_refused);
	tcase_add_test(tc, a_missing_file_is_refused_with_its_name);
	tcase_add_test(tc, what_is_no_b64token_is_refused_without_quoting_it);
	tcase_add_test(tc, b64tokens_are_told_apart);
	tcase_add_test(tc, no_source_is_refused);
	suite_add_tcase(s, tc);
	tc = tcase_create("command");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_command_gives_the_first_line_it_prints);
	tcase_add_test(tc, a_command_that_fails_is_refused_with_its_status);
	tcase_add_test(tc, a_command_reads_no_input);
	tcase_add_test(tc, a_command_past_its_timeout_is_killed_with_its_children);
	tcase_add_test(tc, a_command_that_closes_its_output_but_runs_on_is_killed);
	tcase_add_test(tc, a_command_printing_too_much_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
