/*
 * fuzz_mime.c - libFuzzer target: the raw bytes of a mail through
 * mime_parse() (mail/mime.c), as intake.c hands them over.
 *
 * Besides what the sanitizers catch, it checks what message.h promises of
 * a parsed mail: every field the judge reads is there, the order text is
 * valid UTF-8 of text_len bytes with LF line ends and no NUL, at most
 * MIME_TEXT_MAX long; the decoded subject and display name are valid
 * UTF-8. A broken promise aborts, so libFuzzer keeps the input. No I/O.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/mime.h"
#include "mail/mime_priv.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
fuzz_mime_require(int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz_mime: %s\n", what);
		abort();
	}
}

static void
fuzz_mime_check(const struct message *m)
{
	fuzz_mime_require(m->reply_to != NULL && m->from != NULL &&
	    m->from_name != NULL && m->subject != NULL && m->text != NULL,
	    "a field is NULL");
	fuzz_mime_require(m->reply_to[0] != '\0', "parsed without a sender");
	fuzz_mime_require(strlen(m->text) == m->text_len,
	    "text_len is not the text's length (a NUL inside?)");
	fuzz_mime_require(m->text_len <= MIME_TEXT_MAX, "text over MIME_TEXT_MAX");
	fuzz_mime_require(memchr(m->text, '\r', m->text_len) == NULL,
	    "a CR in the text");
	fuzz_mime_require(mime_utf8_valid(m->text, m->text_len),
	    "text is not UTF-8");
	fuzz_mime_require(mime_utf8_valid(m->subject, strlen(m->subject)),
	    "subject is not UTF-8");
	fuzz_mime_require(mime_utf8_valid(m->from_name, strlen(m->from_name)),
	    "display name is not UTF-8");
	fuzz_mime_require(m->has_text || m->text_len == 0,
	    "text without a text part");
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct message	*m;
	char		 why[128];

	if (mime_parse((const char *)data, size, &m, why, sizeof(why)) == 0) {
		fuzz_mime_check(m);
		message_free(m);
	}
	return 0;
}
