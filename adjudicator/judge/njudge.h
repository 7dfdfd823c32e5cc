/*
 * njudge.h - the commands of njudge, the classic e-mail judge, that this
 * judge does not offer (PHASE, PREDICT, DIARY, SET PREFERENCE, GET, WHO
 * GAME, WHO IS, REGISTER, I AM ALSO, ...): each is answered with what to
 * do here instead, not with "not a command" (issue 16). The words njudge
 * and this judge share are commands of the table (judge.c), which wins.
 *
 * Layer L0 of the judge: pure, over a line split into words.
 */
#ifndef PBEMD_JUDGE_NJUDGE_H
#define PBEMD_JUDGE_NJUDGE_H

#include "adjudicator/judge/session.h"

/*
 * The catalog key of the answer (judge.njudge.*, its argument the
 * command) when the line begins with such a command and has its form (the
 * number of words after it: "GET info" is njudge's, "Get Outlook for iOS"
 * a footer); NULL otherwise. The command's words as njudge writes them
 * ("WHO GAME") go to name, of len bytes, cut if they must.
 */
const char	*judge_njudge_answer(const struct judge_line *, char *name,
		    size_t len);

#endif
