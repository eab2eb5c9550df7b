// JSONAnswer: what every `--json` line of the CLI and every JSON answer of the web API is — an
// Encodable value of this module, written by the one encoder (`JSONLine.encoding`: keys in the
// order they are declared, doubles rounded to six decimals, dates as ISO 8601), so the CLI
// prints exactly what the API serves. A type the API answers names its schema in the OpenAPI
// document the server serves; a test encodes examples of each and checks them against it.
import Foundation
import SightlineVision

public protocol JSONAnswer: Encodable {
    /// The name under `components/schemas` of the API's OpenAPI document that this value's JSON
    /// fits; nil for what only the CLI prints.
    var openAPISchema: String? { get }
}

extension JSONAnswer {
    public var openAPISchema: String? { nil }

    /// The value as one line of JSON.
    public func jsonText() throws -> String {
        try JSONLine.encoding(self).text
    }
}

/// An optional member written as `null` when it is absent (a synthesized Encodable leaves the
/// key out): the API's objects always carry every key their schema lists.
@propertyWrapper
public struct Nullable<Value: Encodable & Sendable>: Encodable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension PixelRect {
    /// The box to a hundredth of a pixel, as every answer writes pixel boxes.
    var inHundredths: PixelRect {
        PixelRect(x: x.rounded(digits: 2), y: y.rounded(digits: 2), width: width.rounded(digits: 2),
                  height: height.rounded(digits: 2))
    }
}

extension Double {
    /// The value rounded to `digits` decimals: pixel coordinates keep two, times three.
    public func rounded(digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (self * scale).rounded() / scale
    }
}
