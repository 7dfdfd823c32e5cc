/*
 * nearest.c - the distance between two words, and how far a typo may
 * go (nearest.h). Pure: no allocation, no state; the rows of the table
 * live on the stack, bounded by NEAREST_MAX.
 */
#include <ctype.h>
#include <string.h>

#include "common/nearest.h"

static int
nearest_min(int a, int b)
{
	return a < b ? a : b;
}

static int
nearest_same(char a, char b)
{
	return tolower((unsigned char)a) == tolower((unsigned char)b);
}

/*
 * Three rows of the classic table (the one before the last is needed for
 * a swap): d[i][j] is the distance between the first i letters of a and
 * the first j of b.
 */
int
nearest_distance(const char *a, const char *b)
{
	int	 row[3][NEAREST_MAX + 1];
	int	*prev2, *prev, *cur, *t;
	size_t	 la = strlen(a), lb = strlen(b), i, j;

	if (la > NEAREST_MAX || lb > NEAREST_MAX)
		return NEAREST_FAR;
	prev2 = row[0];
	prev = row[1];
	cur = row[2];
	for (j = 0; j <= lb; j++)
		prev[j] = (int)j;
	for (i = 1; i <= la; i++) {
		cur[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			cur[j] = nearest_min(nearest_min(prev[j] + 1,
			    cur[j - 1] + 1),
			    prev[j - 1] + !nearest_same(a[i - 1], b[j - 1]));
			if (i > 1 && j > 1 &&
			    nearest_same(a[i - 1], b[j - 2]) &&
			    nearest_same(a[i - 2], b[j - 1]))
				cur[j] = nearest_min(cur[j], prev2[j - 2] + 1);
		}
		t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	return prev[lb];
}

bool
nearest_same_letters(const char *a, const char *b)
{
	int		 count[256];
	const char	*p;
	size_t		 i;

	if (strlen(a) != strlen(b))
		return false;
	memset(count, 0, sizeof(count));
	for (p = a; *p != '\0'; p++)
		count[tolower((unsigned char)*p)]++;
	for (p = b; *p != '\0'; p++)
		count[tolower((unsigned char)*p)]--;
	for (i = 0; i < 256; i++)
		if (count[i] != 0)
			return false;
	return true;
}

int
nearest_limit(const char *word)
{
	int	 n = (int)strlen(word) / 3;

	return n < 1 ? 1 : n;
}
