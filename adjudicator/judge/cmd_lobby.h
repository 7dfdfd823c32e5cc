/*
 * cmd_lobby.h - ASSIGN, START and EJECT, the GM's seating of a game of
 * more than two seats (cmd_lobby.c). Layer L3 of the judge: called by the
 * command table alone.
 */
#ifndef PBEMD_JUDGE_CMD_LOBBY_H
#define PBEMD_JUDGE_CMD_LOBBY_H

#include "adjudicator/judge/session.h"

void	judge_cmd_assign(struct judge_session *, const struct judge_line *);
void	judge_cmd_start(struct judge_session *, const struct judge_line *);
void	judge_cmd_eject(struct judge_session *, const struct judge_line *);

#endif
