"""A small reader of little-endian ELF shared libraries: headers, program headers, sections, the
dynamic section, dynamic symbols with their versions, and notes. Every item keeps the file offset
it was read from (`at`), so tests can patch a copy of the file and hand it back to the checks."""

import struct

PT_LOAD, PT_DYNAMIC, PT_NOTE = 1, 2, 4
PT_GNU_STACK, PT_GNU_RELRO = 0x6474E551, 0x6474E552
DT_NULL, DT_NEEDED, DT_HASH, DT_STRTAB, DT_SONAME, DT_TEXTREL, DT_FLAGS = 0, 1, 4, 5, 14, 22, 30
DT_GNU_HASH, DT_FLAGS_1 = 0x6FFFFEF5, 0x6FFFFFFB
DF_TEXTREL, DF_BIND_NOW, DF_1_NOW = 0x4, 0x8, 0x1
SHN_UNDEF = 0
STB_LOCAL, STB_GLOBAL, STB_WEAK = 0, 1, 2
SHT_ARM_ATTRIBUTES = 0x70000003


class Elf:
    def __init__(self, data):
        if data[:4] != b"\x7fELF" or data[5] != 1:
            raise ValueError("not a little-endian ELF file")
        self.data = data
        self.is64 = data[4] == 2
        if self.is64:
            (self.type, self.machine, _v, _entry, phoff, shoff, self.flags, _eh, phentsize, phnum,
             shentsize, shnum, shstrndx) = struct.unpack_from("<HHIQQQIHHHHHH", data, 16)
        else:
            (self.type, self.machine, _v, _entry, phoff, shoff, self.flags, _eh, phentsize, phnum,
             shentsize, shnum, shstrndx) = struct.unpack_from("<HHIIIIIHHHHHH", data, 16)
        self.flags_at = 48 if self.is64 else 36
        self.segments = [self._phdr(phoff + i * phentsize) for i in range(phnum)]
        self.sections = [self._shdr(shoff + i * shentsize) for i in range(shnum)]
        if self.sections:
            names = self.sections[shstrndx]
            for s in self.sections:
                s["name"] = self._cstr(names["offset"] + s["name_index"])
        self.dynamic = self._dynamic()
        self.dynstr = self.section(".dynstr")
        self.symbols = self._dynsym()

    # ---- raw structures ----
    def _phdr(self, at):
        if self.is64:
            t, flags, offset, vaddr, _p, filesz, memsz, align = struct.unpack_from("<IIQQQQQQ", self.data, at)
        else:
            t, offset, vaddr, _p, filesz, memsz, flags, align = struct.unpack_from("<IIIIIIII", self.data, at)
        return dict(type=t, flags=flags, offset=offset, vaddr=vaddr, filesz=filesz, memsz=memsz,
                    align=align, at=at)

    def _shdr(self, at):
        fmt = "<IIQQQQIIQQ" if self.is64 else "<IIIIIIIIII"
        name, t, flags, addr, offset, size, link, info, align, entsize = struct.unpack_from(fmt, self.data, at)
        return dict(name_index=name, type=t, addr=addr, offset=offset, size=size, link=link, info=info,
                    entsize=entsize, at=at)

    def _cstr(self, at):
        return self.data[at:self.data.index(b"\0", at)].decode("utf-8", "replace")

    def section(self, name):
        return next((s for s in self.sections if s["name"] == name), None)

    def dynstring(self, offset):
        return self._cstr(self.dynstr["offset"] + offset)

    def _dynamic(self):
        seg = next((p for p in self.segments if p["type"] == PT_DYNAMIC), None)
        if seg is None:
            return []
        size = 16 if self.is64 else 8
        entries = []
        for at in range(seg["offset"], seg["offset"] + seg["filesz"], size):
            tag, value = struct.unpack_from("<qQ" if self.is64 else "<iI", self.data, at)
            entries.append(dict(tag=tag, value=value, at=at))
            if tag == DT_NULL:
                break
        return entries

    def dyn(self, tag):
        return [e["value"] for e in self.dynamic if e["tag"] == tag]

    def _dynsym(self):
        sym = self.section(".dynsym")
        if sym is None:
            return []
        versym = self.section(".gnu.version")
        needs = self.version_needs_by_index()
        size = 24 if self.is64 else 16
        out = []
        for i in range(1, sym["size"] // size):
            at = sym["offset"] + i * size
            if self.is64:
                name, info, other, shndx, value, sz = struct.unpack_from("<IBBHQQ", self.data, at)
            else:
                name, value, sz, info, other, shndx = struct.unpack_from("<IIIBBH", self.data, at)
            version = None
            if versym is not None:
                (index,) = struct.unpack_from("<H", self.data, versym["offset"] + 2 * i)
                version = needs.get(index & 0x7FFF)
            out.append(dict(name=self.dynstring(name), bind=info >> 4, type=info & 0xF,
                            visibility=other & 3, shndx=shndx, version=version, at=at))
        return out

    def version_needs(self):
        """[(file, version name, version index)] from .gnu.version_r."""
        sec = self.section(".gnu.version_r")
        out = []
        if sec is None:
            return out
        at = sec["offset"]
        while True:
            _v, count, file_off, aux, nxt = struct.unpack_from("<HHIII", self.data, at)
            a = at + aux
            for _ in range(count):
                _hash, _flags, other, name, anext = struct.unpack_from("<IHHII", self.data, a)
                out.append((self.dynstring(file_off), self.dynstring(name), other))
                a += anext
            if nxt == 0:
                return out
            at += nxt

    def version_needs_by_index(self):
        return {index: name for _file, name, index in self.version_needs()}

    def notes(self):
        """[(owner, type, description bytes, file offset of the description)] of every SHT_NOTE section."""
        out = []
        for s in self.sections:
            if s["type"] != 7:
                continue
            at, end = s["offset"], s["offset"] + s["size"]
            while at + 12 <= end:
                namesz, descsz, t = struct.unpack_from("<III", self.data, at)
                name = self.data[at + 12:at + 12 + namesz].rstrip(b"\0").decode("ascii", "replace")
                desc_at = at + 12 + ((namesz + 3) & ~3)
                out.append((name, t, self.data[desc_at:desc_at + descsz], desc_at))
                at = desc_at + ((descsz + 3) & ~3)
        return out

    def arm_attributes(self, offsets=None):
        """{tag: value} of the "aeabi" file attributes (.ARM.attributes), or None without them;
        `offsets`, if given, receives {tag: file offset of the value}."""
        sec = next((s for s in self.sections if s["type"] == SHT_ARM_ATTRIBUTES), None)
        if sec is None:
            return None
        blob = self.data[sec["offset"]:sec["offset"] + sec["size"]]
        if blob[:1] != b"A":
            return None
        attrs = {}
        pos = 1
        while pos < len(blob):
            (length,) = struct.unpack_from("<I", blob, pos)
            vendor_end = blob.index(b"\0", pos + 4)
            vendor = blob[pos + 4:vendor_end]
            sub = vendor_end + 1
            while vendor == b"aeabi" and sub < pos + length:
                tag, p = uleb(blob, sub)
                (size,) = struct.unpack_from("<I", blob, p)
                if tag == 1:  # Tag_File: the attributes of the whole file
                    p += 4
                    while p < sub + size:
                        attr, p = uleb(blob, p)
                        if offsets is not None:
                            offsets[attr] = sec["offset"] + p
                        if attr in (4, 5, 67) or (attr > 32 and attr % 2 == 1):
                            end = blob.index(b"\0", p)
                            attrs[attr] = blob[p:end].decode("ascii", "replace")
                            p = end + 1
                        elif attr == 32:
                            attrs[attr], p = uleb(blob, p)
                            p = blob.index(b"\0", p) + 1
                        else:
                            attrs[attr], p = uleb(blob, p)
                sub += size
            pos += length
        return attrs


def uleb(blob, pos):
    value = shift = 0
    while True:
        byte = blob[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos
