/*
 * cmd_map.h - MAP <name>: the game's current report with its picture
 * (cmd_map.c). Layer L3 of the judge: called by the command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_MAP_H
#define PBEMD_JUDGE_CMD_MAP_H

#include "adjudicator/judge/session.h"

void	judge_cmd_map(struct judge_session *, const struct judge_line *);

#endif
