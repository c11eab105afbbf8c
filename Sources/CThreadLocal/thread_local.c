#include "CThreadLocal.h"

_Thread_local void *_Nullable beestore_active_decoder_slot = 0;
