// SHA256: the SHA-256 digest (FIPS 180-4) of a model file, written into the manifest of every
// trained model as `sightline models install` does for downloaded ones. Foundation on Linux
// has no hashing, so this is the standard's algorithm written out.
import Foundation

public enum SHA256 {
    /// The digest of `data` as 64 lowercase hexadecimal digits.
    public static func hexDigest(of data: Data) -> String {
        digest(of: data).map { String(format: "%02x", $0) }.joined()
    }

    /// The 32-byte digest of `data`.
    static func digest(of data: Data) -> [UInt8] {
        var state = initialState
        // The message, a 1 bit, zeros, and the bit length as a 64-bit big-endian number, so
        // that the whole is a multiple of 64 bytes.
        var tail = [UInt8](data.suffix(data.count % 64))
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(data.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        let wholeBlocks = data.count / 64
        var schedule = [UInt32](repeating: 0, count: 64)
        data.withUnsafeBytes { bytes in
            for block in 0 ..< wholeBlocks {
                compress(UnsafeRawBufferPointer(rebasing: bytes[block * 64 ..< (block + 1) * 64]), into: &state, schedule: &schedule)
            }
        }
        tail.withUnsafeBytes { bytes in
            for block in 0 ..< tail.count / 64 {
                compress(UnsafeRawBufferPointer(rebasing: bytes[block * 64 ..< (block + 1) * 64]), into: &state, schedule: &schedule)
            }
        }
        return state.flatMap { word in (0 ..< 4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }

    /// One 64-byte block folded into the eight state words; `schedule` is 64 words of scratch.
    private static func compress(_ block: UnsafeRawBufferPointer, into state: inout [UInt32], schedule: inout [UInt32]) {
        for index in 0 ..< 16 {
            schedule[index] = (0 ..< 4).reduce(0) { word, byte in (word << 8) | UInt32(block[index * 4 + byte]) }
        }
        for index in 16 ..< 64 {
            let early = schedule[index - 15], late = schedule[index - 2]
            let sigma0 = rotateRight(early, 7) ^ rotateRight(early, 18) ^ (early >> 3)
            let sigma1 = rotateRight(late, 17) ^ rotateRight(late, 19) ^ (late >> 10)
            schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
        }
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for index in 0 ..< 64 {
            let sum1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temporary1 = h &+ sum1 &+ choice &+ roundConstants[index] &+ schedule[index]
            let sum0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temporary2 = sum0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temporary1, c, b, a, temporary1 &+ temporary2)
        }
        for (index, word) in [a, b, c, d, e, f, g, h].enumerated() { state[index] = state[index] &+ word }
    }

    private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }

    /// The first 32 bits of the fractional parts of the square roots of the first 8 primes.
    private static let initialState: [UInt32] = [
        0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19,
    ]

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5, 0x3956C25B, 0x59F111F1, 0x923F82A4, 0xAB1C5ED5,
        0xD807AA98, 0x12835B01, 0x243185BE, 0x550C7DC3, 0x72BE5D74, 0x80DEB1FE, 0x9BDC06A7, 0xC19BF174,
        0xE49B69C1, 0xEFBE4786, 0x0FC19DC6, 0x240CA1CC, 0x2DE92C6F, 0x4A7484AA, 0x5CB0A9DC, 0x76F988DA,
        0x983E5152, 0xA831C66D, 0xB00327C8, 0xBF597FC7, 0xC6E00BF3, 0xD5A79147, 0x06CA6351, 0x14292967,
        0x27B70A85, 0x2E1B2138, 0x4D2C6DFC, 0x53380D13, 0x650A7354, 0x766A0ABB, 0x81C2C92E, 0x92722C85,
        0xA2BFE8A1, 0xA81A664B, 0xC24B8B70, 0xC76C51A3, 0xD192E819, 0xD6990624, 0xF40E3585, 0x106AA070,
        0x19A4C116, 0x1E376C08, 0x2748774C, 0x34B0BCB5, 0x391C0CB3, 0x4ED8AA4A, 0x5B9CCA4F, 0x682E6FF3,
        0x748F82EE, 0x78A5636F, 0x84C87814, 0x8CC70208, 0x90BEFFFA, 0xA4506CEB, 0xBEF9A3F7, 0xC67178F2,
    ]
}
