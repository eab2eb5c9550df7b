// FuzzJSONBodies: libFuzzer target for every JSON request body the server decodes (consent
// grant, municipality choice, tally change, kitchen ingredient, shopping-list addition). Each
// input is decoded as each body type, as JSONBody does; a body that does not fit goes through
// the same mapping to an API error answer (APIError.from, JSONBody.describe) and is rendered as
// the server would send it. A trap, a sanitizer report or a hang is a finding.
import Foundation
import FuzzSupport
import SightlineServer

private let bodyTypes: [any Decodable.Type] = [
    ConsentGrantBody.self, MunicipalityChoiceBody.self, TallyChangeBody.self,
    IngredientBody.self, ShoppingAdditionBody.self,
]

@main
enum FuzzJSONBodiesMain {
    static func main() { LibFuzzer.run(fuzzJSONBodies) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONBodies(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    for type in bodyTypes {
        do {
            _ = try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            let answer = APIError.from(error)
            precondition(answer.status.code == 400 && answer.code == "bad_json",
                         "a body that does not fit answered \(answer.status) \(answer.code)")
            _ = answer.body
        } catch {
            preconditionFailure("JSONDecoder threw something other than a DecodingError: \(error)")
        }
    }
    return 0
}
