@testable import FlowKit
import Testing

/// `env-name-clash` compares values by the fingerprint of their shell names before it
/// builds any name: the fingerprint must be the one of the name `--output env` writes.
@Suite struct EnvOutputNameTests {
    @Test(arguments: [("release", "repo"), ("tag-name", "x"), ("a_b", "c"), ("Mixed", "Case-Name"), ("café", "crème"), ("ß", "x")])
    func fingerprintIsTheWrittenNamesFingerprint(flow: String, variable: String) {
        let written = EnvOutputName.of(flow: flow, variable: variable)
        #expect(EnvOutputName.Fingerprinter(flow: flow).fingerprint(variable: variable) == EnvOutputName.fingerprint(written))
    }

    @Test func namesThatMeetShareAFingerprintAndOthersDoNot() {
        #expect(EnvOutputName.Fingerprinter(flow: "a_b").fingerprint(variable: "c") == EnvOutputName.Fingerprinter(flow: "a").fingerprint(variable: "b-c"))
        #expect(EnvOutputName.Fingerprinter(flow: "release").fingerprint(variable: "repo") == EnvOutputName.fingerprint("RELEASE_REPO"))
        #expect(EnvOutputName.Fingerprinter(flow: "release").fingerprint(variable: "repo") != EnvOutputName.Fingerprinter(flow: "release").fingerprint(variable: "repos"))
    }
}
