"""Static checks of an Android libtensorbridge.so (called by check-natives.py for android-<ABI>).

What a device with API 21 and Android's loader need, checked on the file: ELF class, machine and
(armeabi-v7a) float ABI and CPU attributes; only bionic's libraries needed; every strong import
exported by bionic at API 21 (android/bionic-api21.tsv), weak ones may be newer; only bionic's
version nodes; exports exactly JNI_OnLoad and the JNI names of the AAR's native methods; no text
relocations; 16 KB LOAD alignment on 64-bit; RELRO, BIND_NOW, a non-executable stack; the SONAME;
DT_HASH (loaders before API 23 know no DT_GNU_HASH); the API level note and the dlclose hook of
android/toolchain/crtbegin_so.c.
"""

import collections
import hashlib
import re
import importlib.util
import os
import struct
import zipfile

import elf_file as E

HERE = os.path.dirname(os.path.abspath(__file__))
TABLE = os.path.join(HERE, "..", "android", "bionic-api21.tsv")
API_LEVEL = 21
SONAME = "libtensorbridge.so"
BIONIC_LIBRARIES = {"libc.so", "libdl.so", "libm.so", "liblog.so"}

ABIS = {
    # abi: (64-bit, e_machine, table arch, minimum LOAD alignment)
    "arm64-v8a": (True, 183, "arm64", 16384),
    "armeabi-v7a": (False, 40, "arm", 4096),
    "x86_64": (True, 62, "x86_64", 16384),
}

# ARM build attributes (tag: (name, wanted values, meaning)) for armeabi-v7a.
ARM_ATTRIBUTES = {
    6: ("Tag_CPU_arch", {10}, "ARMv7"),
    7: ("Tag_CPU_arch_profile", {ord("A")}, "application profile"),
    9: ("Tag_THUMB_ISA_use", {2}, "Thumb-2"),
    # LLVM writes VFPv3 (3) for its vfp3d16 feature, in Rust's own precompiled std as in ours; the
    # code generator still uses only d0-d15. VFPv4 and later, or anything NEON, would be wrong.
    10: ("Tag_FP_arch", {3, 4}, "VFPv3 or VFPv3-D16"),
    12: ("Tag_Advanced_SIMD_arch", {None, 0}, "no NEON"),
    28: ("Tag_ABI_VFP_args", {None, 0}, "base (softfp) procedure call standard"),
}


def load_check_natives():
    spec = importlib.util.spec_from_file_location("check_natives", os.path.join(HERE, "check-natives.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bionic_table(arch):
    """{symbol: set of version nodes (None: unversioned at API 21)} exported at API 21 on `arch`,
    and the set of (library file, version node) pairs."""
    symbols = collections.defaultdict(set)
    nodes = set()
    with open(TABLE, encoding="utf-8") as table:
        for line in table:
            if line.startswith("#") or not line.strip():
                continue
            lib, row_arch, symbol, node, api, flags = line.rstrip("\n").split("\t")
            if row_arch != arch or int(api) > API_LEVEL:
                continue
            later = [int(t.split("=")[1]) for t in flags.split(",") if t.startswith("versioned=")]
            symbols[symbol].add(None if later and later[0] > API_LEVEL else node)
            nodes.add((lib + ".so", node))
    return symbols, nodes


HIGH_D_REGISTER = re.compile(r"\b(d(1[6-9]|2\d|3[01])|q([89]|1[0-5]))\b")


def arm_high_register_uses(elf):
    """VFP/NEON instructions naming d16-d31 (or q8-q15) in armeabi-v7a code: [(address, text)].

    Disassembles every function listed in .ARM.exidx as Thumb-2 (capstone), stepping over the data
    a stripped library still interleaves with code: PC-relative literals and TBB/TBH tables."""
    import capstone

    data = elf.data
    text, exidx = elf.section(".text"), elf.section(".ARM.exidx")
    key = (hashlib.sha256(data[text["offset"]:text["offset"] + text["size"]]).digest(),
           hashlib.sha256(data[exidx["offset"]:exidx["offset"] + exidx["size"]]).digest())
    if key in _HIGH_REGISTER_CACHE:  # the self-test's broken copies share the code
        return _HIGH_REGISTER_CACHE[key]
    starts = set()
    for i in range(exidx["size"] // 8):
        (word,) = struct.unpack_from("<I", data, exidx["offset"] + 8 * i)
        offset = word & 0x7FFFFFFF
        if offset & 0x40000000:
            offset -= 0x80000000
        starts.add(exidx["addr"] + 8 * i + offset)
    low, high = text["addr"], text["addr"] + text["size"]
    starts = sorted(a for a in starts if low <= a < high) + [high]
    disassembler = capstone.Cs(capstone.CS_ARCH_ARM, capstone.CS_MODE_THUMB)
    disassembler.skipdata = True
    disassembler.detail = True
    file_offset = text["offset"] - text["addr"]
    found = []
    for start, end in zip(starts, starts[1:]):
        skip = []  # (from, to) data ranges inside this function
        pos = start
        while pos < end:
            if any(lo <= pos < hi for lo, hi in skip):
                pos += 2
                continue
            insn = next(disassembler.disasm(data[pos + file_offset:end + file_offset], pos, 1), None)
            if insn is None or insn.id == 0:
                pos += insn.size if insn is not None else 2
                continue
            mnemonic, ops = insn.mnemonic, insn.op_str
            if "[pc" in ops and mnemonic.startswith(("ldr", "vldr")):
                literal = re.search(r"#(-?0x[0-9a-f]+|-?\d+)\]", ops)
                at = ((pos + 4) & ~3) + (int(literal.group(1), 0) if literal else 0)
                skip.append((at, at + 8))
            if mnemonic in ("tbb", "tbh"):
                table, width, stop, p = pos + 4, 1 if mnemonic == "tbb" else 2, end, pos + 4
                while p < stop:
                    entry = data[p + file_offset] if width == 1 else struct.unpack_from("<H", data, p + file_offset)[0]
                    stop = min(stop, table + 2 * entry)
                    p += width
                pos = max(stop, pos + 4)
                continue
            # VFP only: NEON instructions would also be data read as code (the attributes say no NEON).
            if (mnemonic.startswith("v") and HIGH_D_REGISTER.search(ops)
                    and capstone.arm.ARM_GRP_NEON not in insn.groups):
                found.append((pos, f"{mnemonic} {ops}"))
            pos += insn.size
    _HIGH_REGISTER_CACHE[key] = found
    return found


_HIGH_REGISTER_CACHE = {}


def check_library(report, data, abi, expected):
    """Runs every check on one library's bytes; `expected` is the set of exports it must have."""
    is64, machine, arch, page = ABIS[abi]
    try:
        elf = E.Elf(data)
    except (ValueError, struct.error, IndexError) as error:
        report.check(False, "format", f"not a readable ELF file: {error}")
        return
    report.check(elf.is64 == is64 and elf.machine == machine and elf.type == 3, "ELF class and machine",
                 f"ELF{64 if elf.is64 else 32} machine {elf.machine} type {elf.type} "
                 f"(want ELF{64 if is64 else 32} machine {machine}, shared object)")
    if abi == "armeabi-v7a":
        eabi = elf.flags & 0xFF000000
        report.check(eabi == 0x05000000 and not elf.flags & 0x400, "EABI version and float ABI",
                     f"e_flags {elf.flags:#x} (want EABI5, not hard-float)")
        attrs = elf.arm_attributes()
        if attrs is None:
            report.check(False, "CPU attributes", "no .ARM.attributes")
        else:
            bad = [f"{name}={attrs.get(tag)} (want {meaning})" for tag, (name, ok, meaning) in ARM_ATTRIBUTES.items()
                   if attrs.get(tag) not in ok]
            report.check(not bad, "CPU attributes (ARMv7-A, Thumb-2, VFPv3, no NEON, softfp)",
                         "; ".join(bad) if bad else ", ".join(f"{n}={attrs.get(t)}" for t, (n, _, _) in ARM_ATTRIBUTES.items()))

        # armeabi-v7a promises VFPv3-D16 only. Rust's precompiled std for armv7-linux-androideabi
        # (and LLVM's code for that target) uses d16-d31, so the attribute says VFPv3 (32
        # registers); what must hold is that it says so whenever the code needs it.
        uses = arm_high_register_uses(elf)
        fp_arch = attrs.get(10) if attrs else None
        report.check(not uses or fp_arch == 3, "FP registers used match Tag_FP_arch",
                     f"{len(uses)} instructions use d16-d31 (e.g. {uses[0][1]} at {uses[0][0]:#x}): needs VFPv3-D32; "
                     f"Tag_FP_arch={fp_arch}" if uses else f"only d0-d15 used; Tag_FP_arch={fp_arch}")

    needed = {elf.dynstring(v) for v in elf.dyn(E.DT_NEEDED)}
    report.check(needed <= BIONIC_LIBRARIES, "NEEDED only bionic's libraries", ", ".join(sorted(needed)))

    table, nodes = bionic_table(arch)
    undefined = [s for s in elf.symbols if s["shndx"] == E.SHN_UNDEF and s["bind"] != E.STB_LOCAL and s["name"]]
    strong = [s for s in undefined if s["bind"] != E.STB_WEAK]
    weak = sorted(s["name"] for s in undefined if s["bind"] == E.STB_WEAK)
    missing = sorted(s["name"] for s in strong if s["name"] not in table)
    report.check(not missing, f"strong imports all in bionic at API {API_LEVEL}",
                 f"{len(strong)} strong" + (f"; not in API {API_LEVEL}: {missing}" if missing else "")
                 + f"; weak (may be newer): {weak}")

    needs = elf.version_needs()
    foreign = sorted(f"{file}:{name}" for file, name, _ in needs if (file, name) not in nodes)
    wrong = sorted(f"{s['name']}@{s['version']}" for s in strong
                   if s["name"] in table and s["version"] is not None and s["version"] not in table[s["name"]])
    report.check(not foreign and not wrong, "version needs only bionic's nodes",
                 ", ".join(sorted({f"{f}:{n}" for f, n, _ in needs}))
                 + (f"; not bionic's: {foreign}" if foreign else "") + (f"; wrong node: {wrong}" if wrong else ""))

    exported = {s["name"] for s in elf.symbols
                if s["shndx"] != E.SHN_UNDEF and s["bind"] in (E.STB_GLOBAL, E.STB_WEAK) and s["visibility"] in (0, 3)}
    load_check_natives().compare_exports(report, exported, expected)

    textrel = bool(elf.dyn(E.DT_TEXTREL)) or any(v & E.DF_TEXTREL for v in elf.dyn(E.DT_FLAGS))
    report.check(not textrel, "no TEXTREL", "text relocations present" if textrel else "none")

    loads = [p for p in elf.segments if p["type"] == E.PT_LOAD]
    misaligned = [hex(p["align"]) for p in loads if p["align"] < page or (p["vaddr"] - p["offset"]) % page]
    report.check(bool(loads) and not misaligned, f"PT_LOAD aligned to {page // 1024} KB",
                 f"{len(loads)} LOAD segments, alignment {sorted({hex(p['align']) for p in loads})}"
                 + (f"; below {page:#x}: {misaligned}" if misaligned else ""))

    report.check(any(p["type"] == E.PT_GNU_RELRO for p in elf.segments), "GNU_RELRO",
                 "present" if any(p["type"] == E.PT_GNU_RELRO for p in elf.segments) else "missing")
    now = any(v & E.DF_BIND_NOW for v in elf.dyn(E.DT_FLAGS)) or any(v & E.DF_1_NOW for v in elf.dyn(E.DT_FLAGS_1))
    report.check(now, "BIND_NOW", "set" if now else "lazy binding")
    stack = [p for p in elf.segments if p["type"] == E.PT_GNU_STACK]
    report.check(bool(stack) and not stack[0]["flags"] & 1, "non-executable stack",
                 f"GNU_STACK flags {stack[0]['flags']:#x}" if stack else "no GNU_STACK")
    soname = [elf.dynstring(v) for v in elf.dyn(E.DT_SONAME)]
    report.check(soname == [SONAME], "SONAME", ", ".join(soname) or "none")
    report.check(bool(elf.dyn(E.DT_HASH)), "DT_HASH (API < 23 loaders)",
                 "DT_HASH" + (" and DT_GNU_HASH" if elf.dyn(E.DT_GNU_HASH) else "") if elf.dyn(E.DT_HASH) else "missing")
    levels = [struct.unpack_from("<i", desc)[0] for owner, t, desc, _ in elf.notes() if owner == "Android" and t == 1 and len(desc) >= 4]
    report.check(levels == [API_LEVEL], f"API level note {API_LEVEL}", f"{levels}")
    finalize = any(s["name"] == "__cxa_finalize" for s in strong)
    report.check(finalize, "dlclose hook (__cxa_finalize)", "imported" if finalize else "not imported")


# ---- the checks must be able to fail: deliberately broken copies of a good library ----

def _patch(buf, at, fmt, value):
    struct.pack_into(fmt, buf, at, value)


def _rename_dynstr(elf, buf, old, new):
    """Renames one dynamic string in place (same length), e.g. a symbol or library name."""
    assert len(old) == len(new)
    start, end = elf.dynstr["offset"], elf.dynstr["offset"] + elf.dynstr["size"]
    at = bytes(buf).find(b"\0" + old.encode() + b"\0", start - 1, end)
    if at < 0:
        raise LookupError(f"{old!r} is not a dynamic string")
    buf[at + 1:at + 1 + len(new)] = new.encode()


def _word(elf):
    return "<Q" if elf.is64 else "<I"


def _dyn_update(elf, buf, tag, change):
    entries = [e for e in elf.dynamic if e["tag"] == tag]
    if not entries:
        raise LookupError(f"no dynamic entry {tag:#x}")
    for e in entries:
        _patch(buf, e["at"] + (8 if elf.is64 else 4), _word(elf), change(e["value"]))


def _segments(elf, kind):
    found = [p for p in elf.segments if p["type"] == kind]
    if not found:
        raise LookupError(f"no segment {kind:#x}")
    return found


def _set_bind(elf, buf, name, bind):
    sym = next(s for s in elf.symbols if s["name"] == name)
    at = sym["at"] + (4 if elf.is64 else 12)
    buf[at] = (bind << 4) | (buf[at] & 0xF)


def _strong_newer_import(elf, buf):
    """A strong import of a symbol bionic only has from API 28 on."""
    if any(s["name"] == "getrandom" and s["shndx"] == E.SHN_UNDEF for s in elf.symbols):
        _set_bind(elf, buf, "getrandom", E.STB_GLOBAL)  # std imports it weakly: make it strong
    else:
        victim = next(s["name"] for s in elf.symbols if s["shndx"] == E.SHN_UNDEF and len(s["name"]) == 9)
        _rename_dynstr(elf, buf, victim, "getrandom")


def _arm_attribute(elf, buf, tag, value):
    offsets = {}
    elf.arm_attributes(offsets)
    if tag not in offsets:
        raise LookupError(f"no ARM attribute {tag}")
    buf[offsets[tag]] = value  # single-byte ULEB values on both sides


def _arm_attribute_retag(elf, buf, old_tag, tag, value):
    """Overwrites a one-byte attribute (tag, value) pair with another one of the same size."""
    offsets = {}
    elf.arm_attributes(offsets)
    if old_tag not in offsets:
        raise LookupError(f"no ARM attribute {old_tag}")
    buf[offsets[old_tag] - 1] = tag
    buf[offsets[old_tag]] = value


BROKEN = [
    # (ABIs, what is broken, the check that must fail, how)
    (("arm64-v8a", "x86_64"), "LOAD segments aligned to 4 KB", "PT_LOAD aligned to",
     lambda e, b: [_patch(b, p["at"] + 48, "<Q", 0x1000) for p in _segments(e, E.PT_LOAD)]),
    (None, "a strong import of getrandom (API 28)", "strong imports all in bionic",
     _strong_newer_import),
    (None, "one JNI export renamed", "exports exactly",
     lambda e, b: _rename_dynstr(e, b, next(s["name"] for s in e.symbols if s["name"].startswith("Java_") and s["shndx"]),
                                 next(s["name"] for s in e.symbols if s["name"].startswith("Java_") and s["shndx"])[:-1] + "X")),
    (None, "a NEEDED library that is not bionic's", "NEEDED only bionic's",
     lambda e, b: _rename_dynstr(e, b, e.dynstring(e.dyn(E.DT_NEEDED)[0]), "libX" + e.dynstring(e.dyn(E.DT_NEEDED)[0])[4:])),
    (None, "a version need that is not bionic's", "version needs only bionic's",
     lambda e, b: _rename_dynstr(e, b, e.version_needs()[0][1], "X" + e.version_needs()[0][1][1:])),
    (None, "DF_TEXTREL set", "no TEXTREL",
     lambda e, b: _dyn_update(e, b, E.DT_FLAGS, lambda v: v | E.DF_TEXTREL)),
    (None, "lazy binding (no BIND_NOW, no DF_1_NOW)", "BIND_NOW",
     lambda e, b: (_dyn_update(e, b, E.DT_FLAGS, lambda v: v & ~E.DF_BIND_NOW),
                   _dyn_update(e, b, E.DT_FLAGS_1, lambda v: v & ~E.DF_1_NOW))),
    (None, "no GNU_RELRO segment", "GNU_RELRO",
     lambda e, b: _patch(b, _segments(e, E.PT_GNU_RELRO)[0]["at"], "<I", 0)),
    (None, "an executable stack", "non-executable stack",
     lambda e, b: _patch(b, _segments(e, E.PT_GNU_STACK)[0]["at"] + (4 if e.is64 else 24), "<I",
                         _segments(e, E.PT_GNU_STACK)[0]["flags"] | 1)),
    (None, "another SONAME", "SONAME",
     lambda e, b: _rename_dynstr(e, b, SONAME, SONAME.replace("bridge", "bridgX"))),
    (None, "no DT_HASH (GNU hash only)", "DT_HASH",
     lambda e, b: _patch(b, next(x for x in e.dynamic if x["tag"] == E.DT_HASH)["at"], "<q" if e.is64 else "<i", 21)),
    (None, "an API level note of 28", "API level note",
     lambda e, b: _patch(b, next(n for n in e.notes() if n[0] == "Android")[3], "<i", 28)),
    (None, "no __cxa_finalize import (no dlclose hook)", "dlclose hook",
     lambda e, b: _rename_dynstr(e, b, "__cxa_finalize", "__cxa_finalizX")),
    (None, "another machine", "ELF class and machine",
     lambda e, b: _patch(b, 18, "<H", 3)),
    (("armeabi-v7a",), "the hard-float ABI flag", "EABI version and float ABI",
     lambda e, b: _patch(b, e.flags_at, "<I", (e.flags & ~0x200) | 0x400)),
    (("armeabi-v7a",), "Tag_FP_arch VFPv3-D16 on code that uses d16-d31", "FP registers used match",
     lambda e, b: _arm_attribute(e, b, 10, 4)),
    (("armeabi-v7a",), "VFPv4 required", "CPU attributes",
     lambda e, b: _arm_attribute(e, b, 10, 5)),
    (("armeabi-v7a",), "NEON required (Tag_Advanced_SIMD_arch written over Tag_ABI_FP_16bit_format)",
     "CPU attributes", lambda e, b: _arm_attribute_retag(e, b, 38, 12, 1)),
    (("armeabi-v7a",), "the hard-float calling convention (Tag_ABI_VFP_args)", "CPU attributes",
     lambda e, b: _arm_attribute_retag(e, b, 38, 28, 1)),
]


def run_self_test(report, data, abi, expected, library_report):
    """Each broken copy of `data` must fail the named check. Reports one line per broken input."""
    print(f"== {abi}: each check must fail on a deliberately broken copy")
    for abis, what, check, breaker in BROKEN:
        if abis is not None and abi not in abis:
            continue
        buf = bytearray(data)
        try:
            breaker(E.Elf(data), buf)
        except (LookupError, StopIteration, IndexError) as error:
            report.check(False, f"self-test: {what}", f"cannot build the broken input: {error}")
            continue
        probe = library_report(f"{abi}, broken")
        probe.quiet = True
        check_library(probe, bytes(buf), abi, expected)
        caught = [f for f in probe.failed if f.startswith(check)]
        report.check(bool(caught), f"self-test: {what}",
                     f"fails '{check}'" + (f" (also: {[f for f in probe.failed if not f.startswith(check)]})"
                                           if len(probe.failed) > len(caught) else "")
                     if caught else f"NOT caught; failed: {probe.failed}")


def main(report, aar_path, abi, library_path, self_test=False):
    if abi not in ABIS:
        report.check(False, "ABI", f"unknown ABI {abi}; known: {sorted(ABIS)}")
        return 1
    with zipfile.ZipFile(aar_path) as aar:
        with zipfile.ZipFile(aar.open("classes.jar")) as classes:
            expected = load_check_natives().expected_exports(classes)
        if library_path is None:
            entry = f"jni/{abi}/{SONAME}"
            data = aar.read(entry)
            report.check(True, "bundled", f"{entry}, {len(data)} bytes")
    if library_path is not None:
        with open(library_path, "rb") as f:
            data = f.read()
    check_library(report, data, abi, expected)
    if self_test:
        run_self_test(report, data, abi, expected, type(report))
    return 1 if report.failures else 0
