import Domain
import HTTPServer

/// An error whose problem reads in the client's language: the same `type`, `status` and
/// members in every language, `title` and `detail` in the one asked for.
///
/// The mechanism, for any error enum of the API (StaysError today; an account or host error
/// tomorrow): conform to this protocol instead of `ProblemConvertible` and write
/// `problem(in:)`, typically with `Language.pick(en:ko:)` for each text. `ProblemLocalization`,
/// a route middleware every route has, rethrows such an error as its problem in the
/// language the request negotiated (`Request.problemLanguage`); anything that reads the
/// error without a request (`problem`) gets English.
public protocol LocalizedProblemConvertible: ProblemConvertible {
    func problem(in language: Language) -> Problem
}

extension LocalizedProblemConvertible {
    /// English, as for a client that asks for no language.
    public var problem: Problem { problem(in: .en) }
}

extension Language {
    /// The text in this language.
    func pick(en: @autoclosure () -> String, ko: @autoclosure () -> String) -> String {
        switch self {
        case .en: en()
        case .ko: ko()
        }
    }
}

extension Request {
    /// The language of problem titles and details: Korean when `Accept-Language` asks for
    /// it (the same negotiation as labels, `Language(acceptLanguage:)`), English otherwise,
    /// also without the header. Labels default to Korean, problems to English: a problem
    /// body was English before it could be anything else, and clients without a language
    /// (scripts, logs) read it that way.
    var problemLanguage: Language {
        guard let header = header("Accept-Language") else { return .en }
        return Language(negotiating: header) ?? .en
    }
}
