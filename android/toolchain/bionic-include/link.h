#ifndef TB_LINK_H
#define TB_LINK_H
#include "bionic_abi.h"

typedef uint16_t Elf32_Half, Elf64_Half;
typedef uint32_t Elf32_Word, Elf64_Word, Elf32_Addr, Elf32_Off;
typedef uint64_t Elf64_Addr, Elf64_Off, Elf64_Xword;
typedef struct {
  Elf32_Word p_type;
  Elf32_Off p_offset;
  Elf32_Addr p_vaddr, p_paddr;
  Elf32_Word p_filesz, p_memsz, p_flags, p_align;
} Elf32_Phdr;
typedef struct {
  Elf64_Word p_type, p_flags;
  Elf64_Off p_offset;
  Elf64_Addr p_vaddr, p_paddr;
  Elf64_Xword p_filesz, p_memsz, p_align;
} Elf64_Phdr;
TB_STATIC_ASSERT(sizeof(Elf32_Phdr) == 32 && sizeof(Elf64_Phdr) == 56, "ELF program headers");

#if defined(__LP64__)
#define ElfW(type) Elf64_##type
#else
#define ElfW(type) Elf32_##type
#endif
#define PT_LOAD 1
#define PT_GNU_EH_FRAME 0x6474e550
#define PT_ARM_EXIDX 0x70000001

/* The API 21 layout: the dlpi_adds/dlpi_subs/TLS fields came with API 30. */
struct dl_phdr_info {
  ElfW(Addr) dlpi_addr;
  const char *dlpi_name;
  const ElfW(Phdr) *dlpi_phdr;
  ElfW(Half) dlpi_phnum;
};
TB_STATIC_ASSERT(sizeof(struct dl_phdr_info) == 4 * sizeof(void *), "API 21 dl_phdr_info");

TB_EXTERN_C_BEGIN
int dl_iterate_phdr(int (*callback)(struct dl_phdr_info *info, size_t size, void *data), void *data);
#if defined(__arm__)
typedef uintptr_t _Unwind_Ptr;
_Unwind_Ptr dl_unwind_find_exidx(_Unwind_Ptr pc, int *entry_count);
#endif
TB_EXTERN_C_END
#endif
