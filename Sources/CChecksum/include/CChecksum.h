#ifndef BEESTORE_CCHECKSUM_H
#define BEESTORE_CCHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// The CRC-32C (Castagnoli) of `count` bytes at `bytes`, continuing from `crc` (0 to
/// start): with the processor's CRC32 instruction where it has one (x86-64 with SSE4.2),
/// else table-driven.
uint32_t beestore_crc32c(uint32_t crc, const void *bytes, size_t count);

/// ``beestore_crc32c`` computed with the table only, whatever the processor.
uint32_t beestore_crc32c_portable(uint32_t crc, const void *bytes, size_t count);

#endif
