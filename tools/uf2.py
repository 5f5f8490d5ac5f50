"""A small UF2 writer and reader for Raspberry Pi RP2040 / RP2350 flash images.

UF2 (https://github.com/microsoft/uf2) is what the boot ROM's USB drive accepts (hold BOOTSEL,
copy the file). A file is a run of independent 512-byte blocks, all fields little-endian:

    offset size  field
         0    4  magic start 0 = 0x0A324655 ("UF2\\n")
         4    4  magic start 1 = 0x9E5D5157
         8    4  flags: 0x00002000 = the family id field is present
                        0x00008000 = extension tags follow the payload
        12    4  target address in flash (the boot ROM writes the payload there)
        16    4  payload size: 256 here (one flash page)
        20    4  block number, 0-based
        24    4  number of blocks in the file (per family, see below)
        28    4  family id (the "file size" field when flag 0x2000 is clear)
        32  476  data: the payload in the first 256 bytes, then zeros (or extension tags)
       508    4  magic end = 0x0AB16F30

Family ids (pico-sdk src/common/boot_uf2_headers/include/boot/uf2.h; RP2350 datasheet, table
"standard UF2 family IDs understood by the RP2350 bootrom"): RP2040 0xE48BFF56, "absolute"
0xE48BFF57, data 0xE48BFF58, RP2350 Arm Secure 0xE48BFF59 (the image the RP2350 boot ROM boots;
MicroPython's RPI_PICO2 is one), RP2350 RISC-V 0xE48BFF5A, RP2350 Arm Non-secure 0xE48BFF5B.
Flash is mapped at 0x10000000 (XIP base) on both chips; a MicroPython firmware.bin starts there.

RP2350 images: picotool (which pico-sdk 2.x uses to make UF2s) puts one extra block first when
the board supports A2 silicon (PICO_RP2350_A2_SUPPORTED, set by pico-sdk's boards/pico2.h): the
RP2350-E10 erratum workaround. That block has the "absolute" family, targets 0x10FFFF00 (the
last page of a 16 MB flash), carries 256 bytes of 0xEF, says block 0 of 2, and has extension
flag 0x8000 with tag 0x9957E304 (UF2_EXTENSION_RP2_IGNORE_BLOCK) right after the payload so
newer boot ROMs do not write it (picotool elf2uf2/elf2uf2.cpp, gen_abs_block).
`bin_to_uf2()` writes the same block first for RP2350 families (`e10_block=False` leaves it out).

    python -m tools.uf2 firmware.bin firmware.uf2 [--family rp2040|rp2350-arm-s] [--base 0x10000000]
    python -m tools.uf2 --info firmware.uf2
"""

from __future__ import annotations

import argparse
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID_PRESENT = 0x00002000
FLAG_EXTENSION_FLAGS_PRESENT = 0x00008000
EXTENSION_RP2_IGNORE_BLOCK = 0x9957E304  # bytes 04 e3 57 99: size 4, tag 0x9957e3

BLOCK_SIZE = 512
PAYLOAD_SIZE = 256
DATA_SIZE = 476
HEADER = struct.Struct("<8I")  # the 32-byte header

FAMILIES = {
    "rp2040": 0xE48BFF56,
    "absolute": 0xE48BFF57,
    "data": 0xE48BFF58,
    "rp2350-arm-s": 0xE48BFF59,
    "rp2350-riscv": 0xE48BFF5A,
    "rp2350-arm-ns": 0xE48BFF5B,
}
RP2040 = FAMILIES["rp2040"]
ABSOLUTE = FAMILIES["absolute"]
RP2350_ARM_S = FAMILIES["rp2350-arm-s"]
RP2350_FAMILIES = frozenset(FAMILIES[n] for n in ("rp2350-arm-s", "rp2350-riscv", "rp2350-arm-ns"))

FLASH_BASE = 0x10000000  # XIP base on RP2040 and RP2350
ABS_BLOCK_ADDRESS = 0x11000000 - PAYLOAD_SIZE  # 0x10FFFF00, picotool's default


@dataclass(frozen=True)
class Block:
    flags: int
    address: int
    payload_size: int
    block_no: int
    num_blocks: int
    family: int
    data: bytes  # all 476 bytes of the data field

    @property
    def payload(self) -> bytes:
        return self.data[: self.payload_size]


def pack_block(
    address: int, payload: bytes, block_no: int, num_blocks: int, family: int, flags: int = 0
) -> bytes:
    """One 512-byte block: `payload` (at most 256 bytes, zero-padded to 256) for `address`."""
    if len(payload) > PAYLOAD_SIZE:
        raise ValueError("a payload is at most {} bytes, not {}".format(PAYLOAD_SIZE, len(payload)))
    if address % PAYLOAD_SIZE:
        raise ValueError("address 0x{:08x} is not 256-byte aligned".format(address))
    data = payload.ljust(PAYLOAD_SIZE, b"\x00").ljust(DATA_SIZE, b"\x00")
    header = HEADER.pack(
        MAGIC_START0,
        MAGIC_START1,
        flags | FLAG_FAMILY_ID_PRESENT,
        address,
        PAYLOAD_SIZE,
        block_no,
        num_blocks,
        family,
    )
    return header + data + struct.pack("<I", MAGIC_END)


def abs_block(address: int = ABS_BLOCK_ADDRESS) -> bytes:
    """The RP2350-E10 workaround block, as picotool writes it ahead of an RP2350 flash image."""
    header = HEADER.pack(
        MAGIC_START0,
        MAGIC_START1,
        FLAG_FAMILY_ID_PRESENT | FLAG_EXTENSION_FLAGS_PRESENT,
        address,
        PAYLOAD_SIZE,
        0,
        2,  # "2" as picotool writes it: the block stands alone, on purpose
        ABSOLUTE,
    )
    data = (b"\xef" * PAYLOAD_SIZE + struct.pack("<I", EXTENSION_RP2_IGNORE_BLOCK)).ljust(
        DATA_SIZE, b"\x00"
    )
    return header + data + struct.pack("<I", MAGIC_END)


def bin_to_uf2(
    image: bytes, family: int, base: int = FLASH_BASE, e10_block: bool | None = None
) -> bytes:
    """A flash image (`image` is written from `base` on) as UF2: one block per 256 bytes, the
    last one zero-padded. RP2350 families get the E10 block first unless e10_block is False."""
    if not image:
        raise ValueError("the image is empty")
    if base % PAYLOAD_SIZE:
        raise ValueError("base 0x{:08x} is not 256-byte aligned".format(base))
    count = (len(image) + PAYLOAD_SIZE - 1) // PAYLOAD_SIZE
    out = bytearray()
    if family in RP2350_FAMILIES if e10_block is None else e10_block:
        out += abs_block()
    for n in range(count):
        chunk = image[n * PAYLOAD_SIZE : (n + 1) * PAYLOAD_SIZE]
        out += pack_block(base + n * PAYLOAD_SIZE, chunk, n, count, family)
    return bytes(out)


def parse(data: bytes) -> list[Block]:
    """Every block of a UF2 file, checked: size a multiple of 512, magic numbers, payload size."""
    if len(data) % BLOCK_SIZE:
        raise ValueError("a UF2 file is a multiple of 512 bytes, not {}".format(len(data)))
    blocks = []
    for offset in range(0, len(data), BLOCK_SIZE):
        raw = data[offset : offset + BLOCK_SIZE]
        m0, m1, flags, address, size, block_no, num_blocks, family = HEADER.unpack_from(raw)
        (end,) = struct.unpack_from("<I", raw, BLOCK_SIZE - 4)
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise ValueError("block at byte {}: bad magic numbers".format(offset))
        if size > DATA_SIZE:
            raise ValueError("block at byte {}: payload size {}".format(offset, size))
        blocks.append(Block(flags, address, size, block_no, num_blocks, family, raw[32:508]))
    return blocks


def is_abs_block(block: Block) -> bool:
    """The RP2350-E10 block (see the module docstring): not part of the image."""
    return (
        block.family == ABSOLUTE
        and block.num_blocks == 2
        and block.block_no == 0
        and block.payload == b"\xef" * PAYLOAD_SIZE
    )


def image_blocks(blocks: list[Block]) -> list[Block]:
    """The blocks that carry the image: all but the E10 block and not-main-flash blocks."""
    return [b for b in blocks if not is_abs_block(b) and not b.flags & FLAG_NOT_MAIN_FLASH]


def check_image(blocks: list[Block], image: bytes, family: int, base: int = FLASH_BASE) -> str:
    """'' if the image blocks are `image` for `family` at `base`, else what differs.

    Tolerates a sparse UF2 (picotool skips pages that no ELF segment covers): every block must
    match the image at its address (zero-padded past its end), and every page of the image that
    is not all zeros must have a block.
    """
    blocks = image_blocks(blocks)
    if not blocks:
        return "no image blocks"
    families = {b.family for b in blocks}
    if families != {family}:
        return "family id {} instead of 0x{:08x}".format(
            ", ".join("0x{:08x}".format(f) for f in sorted(families)), family
        )
    numbers = sorted(b.block_no for b in blocks)
    if numbers != list(range(len(blocks))) or {b.num_blocks for b in blocks} != {len(blocks)}:
        return "block numbers are not 0..{} of {}".format(len(blocks) - 1, len(blocks))
    covered = set()
    for b in blocks:
        offset = b.address - base
        if offset < 0 or offset % PAYLOAD_SIZE or b.payload_size != PAYLOAD_SIZE:
            return "block {} at 0x{:08x} is outside the image's pages".format(b.block_no, b.address)
        want = image[offset : offset + PAYLOAD_SIZE].ljust(PAYLOAD_SIZE, b"\x00")
        if b.payload != want:
            return "block {} at 0x{:08x} differs from the image".format(b.block_no, b.address)
        covered.add(offset)
    for offset in range(0, len(image), PAYLOAD_SIZE):
        if offset not in covered and image[offset : offset + PAYLOAD_SIZE].strip(b"\x00"):
            return "no block for the image's bytes at 0x{:08x}".format(base + offset)
    return ""


def describe(blocks: list[Block]) -> str:
    lines = []
    names = {v: k for k, v in FAMILIES.items()}
    for b in blocks:
        if is_abs_block(b):
            lines.append("RP2350-E10 block at 0x{:08x} ({})".format(b.address, names[b.family]))
    image = image_blocks(blocks)
    if image:
        lo = min(b.address for b in image)
        hi = max(b.address + b.payload_size for b in image)
        fams = sorted({names.get(b.family, "0x{:08x}".format(b.family)) for b in image})
        lines.append(
            "{} blocks, 0x{:08x}..0x{:08x} ({} bytes), family {}".format(
                len(image), lo, hi, hi - lo, "/".join(fams)
            )
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.uf2", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("input", type=Path, help="firmware.bin (or a .uf2 with --info)")
    parser.add_argument("output", type=Path, nargs="?", help="the .uf2 to write")
    parser.add_argument("--family", default="rp2040", choices=sorted(FAMILIES))
    parser.add_argument("--base", default=hex(FLASH_BASE), help="flash address of the first byte")
    parser.add_argument("--info", action="store_true", help="describe a .uf2 file")
    args = parser.parse_args(argv)
    data = args.input.read_bytes()
    if args.info:
        try:
            print(describe(parse(data)))
        except ValueError as exc:
            print("uf2: {}: {}".format(args.input, exc), file=sys.stderr)
            return 1
        return 0
    if args.output is None:
        parser.error("give the .uf2 to write")
    out = bin_to_uf2(data, FAMILIES[args.family], int(args.base, 0))
    args.output.write_bytes(out)
    print("{}: {} blocks".format(args.output, len(out) // BLOCK_SIZE))
    return 0


if __name__ == "__main__":
    sys.exit(main())
