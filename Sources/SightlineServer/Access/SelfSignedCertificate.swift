// SelfSignedCertificate: the HTTPS certificate for serving to phones on the LAN (browsers allow
// the camera only in a secure context) — an ECDSA P-256 self-signed certificate for the served
// names, made once and kept in the data directory (tls/) so a phone that trusted it keeps
// trusting it — and its SHA-256 fingerprint, printed for the user to compare.
import Crypto
public import Foundation
import NIOSSL
import SwiftASN1
import X509

public struct SelfSignedCertificate: Sendable {
    /// The certificate, DER-encoded.
    public let certificateDER: [UInt8]
    /// The private key, DER-encoded (PKCS#8 / SEC1 as swift-crypto writes it).
    public let privateKeyDER: [UInt8]

    /// "AB:CD:…": the SHA-256 fingerprint browsers show.
    public var fingerprint: String {
        SHA256.hash(data: certificateDER).map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    /// The certificate in `directory` (certificate.der, private-key.der), or a new one for
    /// `names` (DNS names and IP addresses) written there with the key readable only by the owner.
    public static func loadOrCreate(in directory: URL, names: [String]) throws -> SelfSignedCertificate {
        let certificateURL = directory.appendingPathComponent("certificate.der")
        let keyURL = directory.appendingPathComponent("private-key.der")
        if let certificate = try? Data(contentsOf: certificateURL), let key = try? Data(contentsOf: keyURL) {
            return SelfSignedCertificate(certificateDER: Array(certificate), privateKeyDER: Array(key))
        }
        let made = try make(names: names)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try Data(made.privateKeyDER).write(to: keyURL, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keyURL.path)
        try Data(made.certificateDER).write(to: certificateURL, options: .atomic)
        return made
    }

    static func make(names: [String]) throws -> SelfSignedCertificate {
        let signingKey = P256.Signing.PrivateKey()
        let key = Certificate.PrivateKey(signingKey)
        let subject = try DistinguishedName {
            OrganizationName("Sightline")
            CommonName("Sightline on \(ProcessInfo.processInfo.hostName)")
        }
        let alternativeNames: [GeneralName] = names.map { name in
            if let address = IPv4Address(name) { return .ipAddress(ASN1OctetString(contentBytes: ArraySlice(address.bytes))) }
            return .dnsName(name)
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(825 * 24 * 3600),
            issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(alternativeNames)
            },
            issuerPrivateKey: key)
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return SelfSignedCertificate(certificateDER: serializer.serializedBytes, privateKeyDER: Array(signingKey.derRepresentation))
    }

    /// The server's TLS configuration with this certificate.
    func tlsConfiguration() throws -> TLSConfiguration {
        let certificate = try NIOSSLCertificate(bytes: certificateDER, format: .der)
        let key = try NIOSSLPrivateKey(bytes: privateKeyDER, format: .der)
        return TLSConfiguration.makeServerConfiguration(certificateChain: [.certificate(certificate)], privateKey: .privateKey(key))
    }
}

/// A dotted-quad IPv4 address's four bytes.
private struct IPv4Address {
    let bytes: [UInt8]

    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let values = parts.compactMap { UInt8($0) }
        guard values.count == 4 else { return nil }
        bytes = values
    }
}
