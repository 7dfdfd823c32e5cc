/*
 * keeper.h - who keeps the judge (keeper.c). Layer L0 of the judge.
 */
#ifndef PBEMD_JUDGE_KEEPER_H
#define PBEMD_JUDGE_KEEPER_H

#include <stdbool.h>

#include "adjudicator/judge/env.h"

/*
 * Whether addr is one of env->keepers ([judge] keepers), compared without
 * regard to case as the store compares addresses. NULL or "" is nobody.
 */
bool	judge_keeper(const struct judge_env *, const char *addr);

#endif
