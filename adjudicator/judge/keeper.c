/*
 * keeper.c - who keeps the judge: the addresses of [judge] keepers, who
 * get the judge's overview by mail (STATUS alone, LIST ALL; overview.c).
 * The address asked about is the one the reply goes to, so the overview
 * only ever reaches a keeper's mailbox, whatever a mail's From: claims.
 * Pure: no store, no reply, no log.
 */
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/keeper.h"

#define JUDGE_KEEPER_SEP	", \t"	/* as serve/config.c checks them */

bool
judge_keeper(const struct judge_env *env, const char *addr)
{
	const char	*p, *end;
	size_t		 len;

	if (env->keepers == NULL || addr == NULL || *addr == '\0')
		return false;
	len = strlen(addr);
	for (p = env->keepers; *(p += strspn(p, JUDGE_KEEPER_SEP)) != '\0';
	    p = end) {
		end = p + strcspn(p, JUDGE_KEEPER_SEP);
		if ((size_t)(end - p) == len && strncasecmp(p, addr, len) == 0)
			return true;
	}
	return false;
}
