#!/usr/bin/env python3
"""Static checks of one native library bundled in the tensorbridge jar, or in the Android AAR.

    python3 scripts/check-natives.py JAR PLATFORM      (PLATFORM: linux-x86_64, macos-aarch64, ...)
    python3 scripts/check-natives.py AAR android-ABI [LIBRARY | --self-test]
                                        (ABI: arm64-v8a, armeabi-v7a, x86_64; LIBRARY: check this
                                         file instead of the AAR's jni/ABI/libtensorbridge.so;
                                         --self-test: also show that each check fails on a
                                         deliberately broken copy of the library)

Prints one line per check and exits non-zero if any failed. The checks: file format and
architecture; minimum OS; the exported symbols are exactly JNI_OnLoad plus the JNI names of the
native methods declared by the jar's own classes; the libraries it links are system ones only;
on Linux no symbol needs a glibc newer than 2.17; on macOS arm64 the ad-hoc code signature is
valid (every page hash checked here, since no macOS codesign runs on Linux).

For Android (android_checks.py) the expected exports come from the AAR's classes.jar and the library
is held to what bionic offers at API 21 and to Android's loader rules.

Parsing of ELF, PE and Mach-O headers is LIEF's (PyPI `lief`); the class files and the code
signature are read here.
"""

import hashlib
import math
import re
import struct
import sys
import zipfile

import lief

RESOURCE_ROOT = "dev/tensorbridge/native/"

FILE_NAMES = {
    "linux": "libtensorbridge.so",
    "macos": "libtensorbridge.dylib",
    "windows": "tensorbridge.dll",
}

GLIBC_BASELINE = (2, 17)

LINUX_SYSTEM_LIBRARIES = {
    "libc.so.6", "libm.so.6", "libdl.so.2", "libpthread.so.0", "librt.so.1",
    "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
}

# DLLs that are part of every Windows 10+ installation (no compiler runtime such as
# libgcc_s_seh-1.dll or libwinpthread-1.dll, which a JVM user would not have).
WINDOWS_SYSTEM_DLLS = {
    "kernel32.dll", "ntdll.dll", "msvcrt.dll", "bcrypt.dll", "bcryptprimitives.dll", "advapi32.dll",
    "userenv.dll", "ws2_32.dll", "shell32.dll", "ole32.dll", "secur32.dll",
}

MACOS_MIN = {"macos-x86_64": (10, 12), "macos-aarch64": (11, 0)}


class Report:
    def __init__(self, platform):
        self.platform = platform
        self.failures = 0
        self.failed = []  # the names of the failed checks
        self.quiet = False

    def check(self, ok, what, detail):
        if not self.quiet:
            print(f"  {'ok  ' if ok else 'FAIL'}  {self.platform}: {what}: {detail}")
        if not ok:
            self.failures += 1
            self.failed.append(what)


# ---- the JNI names the jar's classes need ----

def native_methods(class_bytes):
    """(class name, method name, descriptor) of each native method in one class file."""
    pos = 10
    (count,) = struct.unpack_from(">H", class_bytes, 8)
    utf8 = {}
    classes = {}
    i = 1
    while i < count:
        tag = class_bytes[pos]
        if tag == 1:
            (length,) = struct.unpack_from(">H", class_bytes, pos + 1)
            utf8[i] = class_bytes[pos + 3:pos + 3 + length].decode("utf-8", "replace")
            pos += 3 + length
        elif tag in (7, 8, 16, 19, 20):
            if tag == 7:
                classes[i] = struct.unpack_from(">H", class_bytes, pos + 1)[0]
            pos += 3
        elif tag == 15:
            pos += 4
        elif tag in (3, 4, 9, 10, 11, 12, 17, 18):
            pos += 5
        elif tag in (5, 6):
            pos += 9
            i += 1  # eight-byte constants take two slots
        else:
            raise ValueError(f"unknown constant pool tag {tag}")
        i += 1
    _access, this_class, _super, n_interfaces = struct.unpack_from(">HHHH", class_bytes, pos)
    pos += 8 + 2 * n_interfaces
    name = utf8[classes[this_class]]

    def skip_members(pos, collect):
        (n,) = struct.unpack_from(">H", class_bytes, pos)
        pos += 2
        for _ in range(n):
            access, name_index, desc_index, n_attrs = struct.unpack_from(">HHHH", class_bytes, pos)
            pos += 8
            for _ in range(n_attrs):
                (length,) = struct.unpack_from(">I", class_bytes, pos + 2)
                pos += 6 + length
            if collect is not None and access & 0x0100:
                collect.append((utf8[name_index], utf8[desc_index]))
        return pos

    pos = skip_members(pos, None)  # fields
    found = []
    skip_members(pos, found)
    return [(name, method, descriptor) for method, descriptor in found]


def jni_mangle(text):
    out = []
    for ch in text:
        if ch == "/":
            out.append("_")
        elif ch == "_":
            out.append("_1")
        elif ch == ";":
            out.append("_2")
        elif ch == "[":
            out.append("_3")
        elif ch.isascii() and ch.isalnum():
            out.append(ch)
        else:
            out.append(f"_0{ord(ch):04x}")
    return "".join(out)


def expected_exports(jar):
    methods = []
    for entry in jar.namelist():
        if entry.endswith(".class"):
            methods.extend(native_methods(jar.read(entry)))
    names = set()
    for cls, method, descriptor in methods:
        short = f"Java_{jni_mangle(cls)}_{jni_mangle(method)}"
        overloaded = sum(1 for c, m, _ in methods if c == cls and m == method) > 1
        if overloaded:
            args = descriptor[1:descriptor.index(")")]
            short += "__" + jni_mangle(args)
        names.add(short)
    return names | {"JNI_OnLoad"}


def compare_exports(report, actual, expected):
    missing = sorted(expected - actual)
    extra = sorted(actual - expected)
    detail = f"{len(actual)} symbols"
    if missing:
        detail += f"; missing {missing}"
    if extra:
        detail += f"; unexpected {extra[:10]}{' ...' if len(extra) > 10 else ''} ({len(extra)})"
    report.check(not missing and not extra, "exports exactly JNI_OnLoad and the jar's native methods", detail)


# ---- per format ----

def check_elf(report, binary, arch, expected):
    machine = {"x86_64": lief.ELF.ARCH.X86_64, "aarch64": lief.ELF.ARCH.AARCH64}[arch]
    report.check(binary.header.machine_type == machine and binary.header.identity_class == lief.ELF.Header.CLASS.ELF64,
                 "architecture", f"ELF64 {binary.header.machine_type}")
    compare_exports(report, {s.name for s in binary.exported_symbols}, expected)
    libraries = set(binary.libraries)
    report.check(libraries <= LINUX_SYSTEM_LIBRARIES, "links system libraries only", ", ".join(sorted(libraries)))
    versions = set()
    foreign = set()
    for requirement in binary.symbols_version_requirement:
        for aux in requirement.get_auxiliary_symbols():
            match = re.fullmatch(r"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?", aux.name)
            if match:
                versions.add(tuple(int(x) for x in match.groups() if x is not None))
            else:
                foreign.add(aux.name)
    newest = max(versions) if versions else (0, 0)
    newest_text = "GLIBC_" + ".".join(map(str, newest))
    report.check(newest[:2] <= GLIBC_BASELINE and not foreign, "minimum OS (glibc <= 2.17)",
                 f"newest symbol version needed {newest_text}" + (f"; non-glibc versions {sorted(foreign)}" if foreign else ""))


def check_pe(report, binary, expected):
    report.check(binary.header.machine == lief.PE.Header.MACHINE_TYPES.AMD64 and binary.optional_header.magic == lief.PE.PE_TYPE.PE32_PLUS,
                 "architecture", f"PE32+ {binary.header.machine}")
    export = binary.get_export()
    compare_exports(report, {e.name for e in export.entries} if export else set(), expected)
    dlls = {i.name.lower() for i in binary.imports}
    not_system = sorted(d for d in dlls if d not in WINDOWS_SYSTEM_DLLS and not d.startswith("api-ms-win-"))
    report.check(not not_system, "links system DLLs only",
                 ", ".join(sorted(dlls)) + (f"; not part of Windows: {not_system}" if not_system else ""))
    header = binary.optional_header
    subsystem = (header.major_subsystem_version, header.minor_subsystem_version)
    # Rust's Windows targets need Windows 10 (ProcessPrng in bcryptprimitives.dll); the header must not ask for more.
    report.check(subsystem <= (10, 0), "minimum OS (Windows 10)",
                 f"subsystem version {subsystem[0]}.{subsystem[1]}, imports ProcessPrng from bcryptprimitives.dll (Windows 10+)"
                 if "bcryptprimitives.dll" in dlls else f"subsystem version {subsystem[0]}.{subsystem[1]}")


def check_macho(report, data, binary, platform, arch, expected):
    cpu = {"x86_64": lief.MachO.Header.CPU_TYPE.X86_64, "aarch64": lief.MachO.Header.CPU_TYPE.ARM64}[arch]
    # arm64e (subtype 2) would only load in processes built for pointer authentication.
    plain_subtype = (binary.header.cpu_subtype & 0xFF) in ((3,) if arch == "x86_64" else (0,))
    report.check(binary.header.cpu_type == cpu and plain_subtype and binary.header.file_type == lief.MachO.Header.FILE_TYPE.DYLIB,
                 "architecture", f"Mach-O {binary.header.file_type} {binary.header.cpu_type} subtype {binary.header.cpu_subtype & 0xFF}")
    compare_exports(report, {s.name for s in binary.exported_symbols}, {"_" + e for e in expected})
    loads = []
    install_name = None
    for command in binary.commands:
        if isinstance(command, lief.MachO.DylibCommand):
            if command.command == lief.MachO.LoadCommand.TYPE.ID_DYLIB:
                install_name = command.name
            else:
                loads.append(command.name)
    report.check(loads == ["/usr/lib/libSystem.B.dylib"], "links system libraries only", ", ".join(loads))
    report.check(install_name == "@rpath/libtensorbridge.dylib", "install name", str(install_name))
    if binary.has_build_version:
        minos = tuple(binary.build_version.minos)
    elif binary.has_version_min:
        minos = tuple(binary.version_min.version)
    else:
        minos = None
    wanted = MACOS_MIN[platform]
    report.check(minos is not None and minos[:2] == wanted, f"minimum OS (macOS {wanted[0]}.{wanted[1]})",
                 "macOS " + (".".join(map(str, minos)) if minos else "not stated"))
    if arch == "aarch64":
        if not binary.has_code_signature:
            report.check(False, "ad-hoc code signature", "no LC_CODE_SIGNATURE")
            return
        offset, size = binary.code_signature.data_offset, binary.code_signature.data_size
        problem, detail = verify_adhoc_signature(data, offset, size)
        # The verifier must be able to fail: the same file with one code byte changed must not pass.
        tampered = bytearray(data)
        tampered[offset // 2] ^= 0x01
        tamper_problem, _ = verify_adhoc_signature(bytes(tampered), offset, size)
        if problem is None and tamper_problem is None:
            problem = "a copy with one changed byte verified too"
        report.check(problem is None, "ad-hoc code signature valid", problem or detail)


def verify_adhoc_signature(data, offset, size):
    """Checks an embedded ad-hoc signature the way the kernel does on load: the CodeDirectory's page
    hashes must match every page before the signature. Returns (problem or None, description)."""
    blob = data[offset:offset + size]
    magic, _length, count = struct.unpack_from(">III", blob, 0)
    if magic != 0xFADE0CC0:
        return f"not an embedded signature (magic {magic:#x})", ""
    slots = {}
    for i in range(count):
        slot_type, slot_offset = struct.unpack_from(">II", blob, 12 + 8 * i)
        slots[slot_type] = slot_offset
    if 0 not in slots:
        return "no CodeDirectory", ""
    cd = slots[0]
    (cd_magic, cd_length, version, flags, hash_offset, ident_offset, n_special, n_code, code_limit,
     hash_size, hash_type, _platform, page_log2, _spare) = struct.unpack_from(">IIIIIIIIIBBBBI", blob, cd)
    if cd_magic != 0xFADE0C02:
        return f"bad CodeDirectory magic {cd_magic:#x}", ""
    algorithms = {1: hashlib.sha1, 2: hashlib.sha256}
    if hash_type not in algorithms or algorithms[hash_type]().digest_size != hash_size:
        return f"unknown hash type {hash_type} / size {hash_size}", ""
    digest = algorithms[hash_type]
    identifier = blob[cd + ident_offset:blob.index(b"\0", cd + ident_offset)].decode("utf-8", "replace")
    if not flags & 0x2:
        return f"not ad hoc (flags {flags:#x})", ""
    if code_limit != offset:
        return f"signs {code_limit} bytes, but the signature starts at {offset}", ""
    page = 1 << page_log2 if page_log2 else code_limit
    if n_code != math.ceil(code_limit / page):
        return f"{n_code} page hashes for {code_limit} bytes in pages of {page}", ""
    hashes = cd + hash_offset
    for i in range(n_code):
        want = blob[hashes + i * hash_size:hashes + (i + 1) * hash_size]
        got = digest(data[i * page:min((i + 1) * page, code_limit)]).digest()
        if want != got:
            return f"hash of page {i} does not match", ""
    for special in range(1, n_special + 1):
        want = blob[hashes - special * hash_size:hashes - (special - 1) * hash_size]
        if special in slots:
            start = slots[special]
            (length,) = struct.unpack_from(">I", blob, start + 4)
            got = digest(blob[start:start + length]).digest()
        else:
            got = bytes(hash_size)
        if want != got:
            return f"special slot {special} does not match", ""
    kind = "linker-signed, " if flags & 0x20000 else ""
    return None, (f"{kind}identifier {identifier}, CodeDirectory v{version:#x}, {n_code} pages of {page} bytes "
                  f"({digest().name}) match")


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and not sys.argv[2].startswith("android-")):
        sys.exit("usage: check-natives.py JAR PLATFORM | check-natives.py AAR android-ABI [LIBRARY]")
    jar_path, platform = sys.argv[1], sys.argv[2]
    os_name, arch = platform.split("-", 1)
    report = Report(platform)
    if os_name == "android":
        import android_checks
        extra = sys.argv[3] if len(sys.argv) == 4 else None
        return android_checks.main(report, jar_path, arch, None if extra == "--self-test" else extra,
                                   self_test=extra == "--self-test")
    with zipfile.ZipFile(jar_path) as jar:
        expected = expected_exports(jar)
        entry = RESOURCE_ROOT + platform + "/" + FILE_NAMES[os_name]
        try:
            data = jar.read(entry)
        except KeyError:
            report.check(False, "bundled", f"{entry} is not in the jar")
            return 1
    report.check(True, "bundled", f"{entry}, {len(data)} bytes")
    binary = lief.parse(list(data))
    if binary is None:
        report.check(False, "format", "LIEF cannot parse it")
        return 1
    if os_name == "linux":
        ok = isinstance(binary, lief.ELF.Binary)
        report.check(ok, "format", "ELF" if ok else type(binary).__name__)
        if ok:
            check_elf(report, binary, arch, expected)
    elif os_name == "windows":
        ok = isinstance(binary, lief.PE.Binary)
        report.check(ok, "format", "PE" if ok else type(binary).__name__)
        if ok:
            check_pe(report, binary, expected)
    else:
        ok = isinstance(binary, lief.MachO.Binary)  # a thin file: LIEF gives a FatBinary otherwise
        report.check(ok, "format", "thin Mach-O" if ok else type(binary).__name__)
        if ok:
            check_macho(report, data, binary, platform, arch, expected)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
