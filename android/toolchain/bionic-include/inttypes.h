#ifndef TB_INTTYPES_H
#define TB_INTTYPES_H
#include <stdint.h>
/* Format macros for the trace messages (compiled out with NDEBUG, but still parsed). */
#if defined(__LP64__)
#define __TB_PRI64 "l"
#define __TB_PRIPTR "l"
#else
#define __TB_PRI64 "ll"
#define __TB_PRIPTR ""
#endif
#define PRId8 "d"
#define PRIu8 "u"
#define PRIx8 "x"
#define PRId16 "d"
#define PRIu16 "u"
#define PRIx16 "x"
#define PRId32 "d"
#define PRIu32 "u"
#define PRIx32 "x"
#define PRIX32 "X"
#define PRId64 __TB_PRI64 "d"
#define PRIi64 __TB_PRI64 "i"
#define PRIu64 __TB_PRI64 "u"
#define PRIx64 __TB_PRI64 "x"
#define PRIX64 __TB_PRI64 "X"
#define PRIxPTR __TB_PRIPTR "x"
#define PRIuPTR __TB_PRIPTR "u"
#define PRIdPTR __TB_PRIPTR "d"
#endif
