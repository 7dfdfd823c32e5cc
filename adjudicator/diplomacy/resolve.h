/*
 * resolve.h - between the order checks of movement.c, the resolver of
 * resolve.c and the bookkeeping of outcome.c. Private to this folder.
 */
#ifndef PBEMD_DIP_RESOLVE_H
#define PBEMD_DIP_RESOLVE_H

#include "dip.h"

/* movement.c */
bool	 dip_route_possible(const struct dip_state *,
	    const struct dip_scratch *, int origin, int dest, int skip,
	    struct dip_set *useful);

/* resolve.c */
void	 dip_resolve_all(const struct dip_state *, struct dip_scratch *);
bool	 dip_resolve_path(const struct dip_state *, struct dip_scratch *,
	    int u, struct dip_set *used);
bool	 dip_resolve(const struct dip_state *, struct dip_scratch *, int u);

/* outcome.c */
void	 dip_resolve_report(struct dip_state *, struct dip_scratch *,
	    struct dip_report *);

#endif
