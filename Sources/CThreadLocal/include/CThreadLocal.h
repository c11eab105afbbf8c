#ifndef BEESTORE_CTHREADLOCAL_H
#define BEESTORE_CTHREADLOCAL_H

/// The record decoder at work on the calling thread (an unretained object pointer), or
/// NULL. A C thread-local: Swift has none of its own, and `pthread_getspecific` costs a
/// call and a lazy key at every property a record decodes.
extern _Thread_local void *_Nullable beestore_active_decoder_slot;

/// The calling thread's active record decoder, or NULL.
static inline void *_Nullable beestore_active_decoder(void) {
    return beestore_active_decoder_slot;
}

/// Makes `decoder` (or none, with NULL) the calling thread's active record decoder.
static inline void beestore_set_active_decoder(void *_Nullable decoder) {
    beestore_active_decoder_slot = decoder;
}

#endif
