/*
 * test_compose.c - mail/compose.c: exact bytes for a plain reply, and for
 * harder inputs a round trip through mime_parse(), which must give back the
 * subject, names, ids and body that went in, with every header line within
 * 78 characters and every body line within the transfer encoding's limit.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "mail/compose.h"
#include "mail/mime.h"


static void
base_in(struct compose_in *in)
{
	memset(in, 0, sizeof(*in));
	in->from = "judge@example.org";
	in->from_name = "pbemd judge";
	in->to = "alice@example.net";
	in->subject = "alpha: Spring 1901 movement";
	in->body = "Your orders:\nA PAR-BUR\n";
	in->date = 1709547137;		/* 2024-03-04 10:12:17 UTC */
	in->msgid_token = "r-78.alpha";
}

static char *
compose(const struct compose_in *in)
{
	struct buf	 b;

	buf_init(&b);
	compose_message(in, &b);
	return buf_steal(&b);
}

/* Every line ends in CRLF; header lines <= 78, body lines <= max. */
static void
check_lines(const char *msg, size_t bodymax)
{
	const char	*p = msg, *e;
	bool		 body = false;
	size_t		 n;

	while (*p != '\0') {
		e = strstr(p, "\r\n");
		ck_assert_msg(e != NULL, "no CRLF at end: %s", p);
		n = (size_t)(e - p);
		ck_assert_msg(memchr(p, '\n', n) == NULL &&
		    memchr(p, '\r', n) == NULL, "bare line end in %.*s",
		    (int)n, p);
		ck_assert_msg(n <= (body ? bodymax : 78),
		    "line of %zu: %.*s", n, (int)n, p);
		if (n == 0)
			body = true;
		p = e + 2;
	}
}

static struct message *
reparse(const char *msg)
{
	struct message	*m = NULL;
	char		 why[64];

	ck_assert_int_eq(mime_parse(msg, strlen(msg), &m, why, sizeof(why)),
	    0);
	return m;
}

START_TEST(plain_reply_is_exact)
{
	struct compose_in	 in;
	char			*got;

	base_in(&in);
	in.in_reply_to = "5f1c@example.net";
	in.references = "<abc.1@example.org> <r-77.alpha@example.org>";
	got = compose(&in);
	ck_assert_str_eq(got,
	    "Date: Mon, 4 Mar 2024 10:12:17 +0000\r\n"
	    "From: pbemd judge <judge@example.org>\r\n"
	    "To: alice@example.net\r\n"
	    "Subject: alpha: Spring 1901 movement\r\n"
	    "Message-ID: <r-78.alpha@example.org>\r\n"
	    "In-Reply-To: <5f1c@example.net>\r\n"
	    "References: <abc.1@example.org> <r-77.alpha@example.org>"
	    " <5f1c@example.net>\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=UTF-8\r\n"
	    "Content-Transfer-Encoding: 7bit\r\n"
	    "Auto-Submitted: auto-replied\r\n"
	    "\r\n"
	    "Your orders:\r\n"
	    "A PAR-BUR\r\n");
	free(got);
}
END_TEST

START_TEST(output_is_deterministic)
{
	struct compose_in	 in;
	char			*a, *b;

	base_in(&in);
	in.subject = "Z\xc3\xbcge f\xc3\xbcr alpha";
	a = compose(&in);
	b = compose(&in);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
}
END_TEST

START_TEST(date_is_rfc5322_utc)
{
	struct compose_in	 in;
	char			*got;

	base_in(&in);
	in.date = 0;
	got = compose(&in);
	ck_assert_str_eq(strstr(got, "From:"), strstr(got, "\r\n") + 2);
	ck_assert(strncmp(got, "Date: Thu, 1 Jan 1970 00:00:00 +0000\r\n",
	    strlen("Date: Thu, 1 Jan 1970 00:00:00 +0000\r\n")) == 0);
	free(got);
	in.date = 951782400;	/* leap day 2000 */
	got = compose(&in);
	ck_assert(strncmp(got, "Date: Tue, 29 Feb 2000 00:00:00 +0000\r\n",
	    strlen("Date: Tue, 29 Feb 2000 00:00:00 +0000\r\n")) == 0);
	free(got);
}
END_TEST

START_TEST(new_mail_has_no_thread_headers)
{
	struct compose_in	 in;
	char			*got;

	base_in(&in);
	in.references = "<x@y>";
	got = compose(&in);
	ck_assert_ptr_null(strstr(got, "In-Reply-To:"));
	ck_assert_ptr_null(strstr(got, "References:"));
	free(got);
}
END_TEST

static const char *const subjects[] = {
	"Re: alpha: Spring 1901 movement",
	"Z\xc3\xbcge f\xc3\xbcr beta: Gr\xc3\xbc\xc3\x9f" "e aus "
	    "M\xc3\xbcnchen",
	"\xd0\xa5\xd0\xbe\xd0\xb4\xd1\x8b \xd0\xb4\xd0\xbb\xd1\x8f delta "
	    "\xd0\xa5\xd0\xbe\xd0\xb4\xd1\x8b \xd0\xb4\xd0\xbb\xd1\x8f delta "
	    "\xd0\xa5\xd0\xbe\xd0\xb4\xd1\x8b \xd0\xb4\xd0\xbb\xd1\x8f delta",
	"A long ASCII subject that will certainly need folding because it "
	    "goes on and on well past seventy-eight characters, game alpha",
	"averyveryveryveryveryveryveryveryveryveryveryveryveryveryverylongword"
	    "withoutanyspaces",
	"looks =?encoded?= but is not",
	"\xe2\x9c\x93 \xf0\x9f\x8e\xb2 dice and checks \xe2\x80\x93 "
	    "\xe2\x80\x9cquoted\xe2\x80\x9d _under_score_ = equals ? question",
	"",
};

START_TEST(subject_round_trips)
{
	struct compose_in	 in;
	struct message		*m;
	char			*got;

	base_in(&in);
	in.subject = subjects[_i];
	got = compose(&in);
	check_lines(got, 998);
	m = reparse(got);
	ck_assert_msg(strcmp(m->subject, subjects[_i]) == 0,
	    "subject %d: got \"%s\"\n%s", _i, m->subject, got);
	message_free(m);
	free(got);
}
END_TEST

static const char *const names[] = {
	"pbemd judge", "J\xc3\xb6rg M\xc3\xbcller", "Judge, Chief \"GM\"",
	"back\\slash", "a.b", "", NULL,
	"Ein sehr langer Name f\xc3\xbcr einen Spielleiter, "
	    "der nie aufh\xc3\xb6rt"
};

START_TEST(from_name_round_trips)
{
	struct compose_in	 in;
	struct message		*m;
	char			*got;

	base_in(&in);
	in.from_name = names[_i];
	got = compose(&in);
	check_lines(got, 998);
	m = reparse(got);
	ck_assert_str_eq(m->from, "judge@example.org");
	ck_assert_msg(strcmp(m->from_name, names[_i] ? names[_i] : "") == 0,
	    "name %d: got \"%s\"\n%s", _i, m->from_name, got);
	message_free(m);
	free(got);
}
END_TEST

START_TEST(header_injection_is_neutralised)
{
	struct compose_in	 in;
	char			*got;

	base_in(&in);
	in.subject = "hi\r\nBcc: victim@example.com";
	in.from_name = "x\nBcc: y@example.com";
	in.to = "alice@example.net\r\nBcc: z@example.com";
	in.in_reply_to = "<id@x>\r\nBcc: w@example.com";
	got = compose(&in);
	ck_assert_ptr_null(strstr(got, "\nBcc:"));
	check_lines(got, 998);
	free(got);
}
END_TEST

START_TEST(references_are_bounded)
{
	struct compose_in	 in;
	struct message		*m;
	struct buf		 refs;
	char			*got;
	int			 i;

	base_in(&in);
	buf_init(&refs);
	for (i = 0; i < 100; i++)
		buf_printf(&refs, "<id%d@example.org> ", i);
	buf_puts(&refs, "<bad id> <");
	in.references = refs.data;
	in.in_reply_to = "parent@example.net";
	got = compose(&in);
	check_lines(got, 998);
	m = reparse(got);
	ck_assert_ptr_nonnull(strstr(m->references, "<id0@example.org>"));
	ck_assert_ptr_null(strstr(m->references, "<id1@example.org>"));
	ck_assert_ptr_null(strstr(m->references, "<id81@example.org>"));
	ck_assert_ptr_nonnull(strstr(m->references,
	    "<id82@example.org> <id83@example.org>"));
	ck_assert_ptr_nonnull(strstr(m->references,
	    "<id99@example.org> <parent@example.net>"));
	ck_assert_ptr_null(strstr(m->references, "bad"));
	message_free(m);
	free(got);
	buf_free(&refs);
}
END_TEST

START_TEST(body_encoding_follows_content)
{
	struct compose_in	 in;
	struct message		*m;
	struct buf		 body;
	char			*got;
	int			 i;

	base_in(&in);
	in.body = "Sch\xc3\xb6ne Gr\xc3\xbc\xc3\x9f" "e\nA PAR-BUR";
	got = compose(&in);
	ck_assert_ptr_nonnull(strstr(got, "Content-Transfer-Encoding: 8bit"));
	ck_assert_ptr_nonnull(strstr(got, "\r\n\r\nSch\xc3\xb6ne Gr\xc3\xbc"
	    "\xc3\x9f" "e\r\nA PAR-BUR\r\n"));
	free(got);

	/* A line over 998 octets forces quoted-printable. */
	buf_init(&body);
	buf_puts(&body, "PRESS ");
	for (i = 0; i < 150; i++)
		buf_puts(&body, "Gr\xc3\xbc\xc3\x9f" "e = ");
	buf_puts(&body, "\ntrailing space \nSIGNOFF\n");
	in.body = body.data;
	got = compose(&in);
	ck_assert_ptr_nonnull(strstr(got,
	    "Content-Transfer-Encoding: quoted-printable"));
	check_lines(got, 76);
	m = reparse(got);
	ck_assert_msg(strncmp(m->text, body.data, 1000) == 0, "%s", m->text);
	ck_assert_ptr_nonnull(strstr(m->text, "\ntrailing space\nSIGNOFF\n"));
	message_free(m);
	free(got);
	buf_free(&body);
}
END_TEST

START_TEST(message_id_uses_domain_of_from)
{
	struct compose_in	 in;
	struct message		*m;
	char			*got;

	base_in(&in);
	in.from = "judge@Judge.Example.org";
	in.msgid_token = "tok en<x>";
	got = compose(&in);
	m = reparse(got);
	ck_assert_str_eq(m->message_id, "tok_en_x_@Judge.Example.org");
	message_free(m);
	free(got);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("mail/compose");
	TCase	*tc;

	tc = tcase_create("compose_message");
	tcase_add_test(tc, plain_reply_is_exact);
	tcase_add_test(tc, output_is_deterministic);
	tcase_add_test(tc, date_is_rfc5322_utc);
	tcase_add_test(tc, new_mail_has_no_thread_headers);
	tcase_add_loop_test(tc, subject_round_trips, 0,
	    (int)(sizeof(subjects) / sizeof(subjects[0])));
	tcase_add_loop_test(tc, from_name_round_trips, 0,
	    (int)(sizeof(names) / sizeof(names[0])));
	tcase_add_test(tc, header_injection_is_neutralised);
	tcase_add_test(tc, references_are_bounded);
	tcase_add_test(tc, body_encoding_follows_content);
	tcase_add_test(tc, message_id_uses_domain_of_from);
	suite_add_tcase(s, tc);
	return s;
}
