import Foundation
import PNG

/// A page of a ``Chromium``: evaluate scripts, press keys, wait for a
/// condition, take screenshots, read its problems.
public struct ChromiumPage: Sendable {
    public let browser: Chromium
    public let targetID: String
    /// The protocol session its commands go to.
    public let sessionID: String

    /// Evaluates `expression` in the page and returns its value; a promise
    /// is awaited first.
    ///
    /// - Throws: ``ChromiumError/scriptThrew(expression:message:)`` when it
    ///   throws or its promise rejects.
    @discardableResult
    public func evaluate(_ expression: String, timeout: Duration = .seconds(10)) async throws -> Chromium.Value {
        let reply = try await send(
            "Runtime.evaluate",
            ["expression": .string(expression), "returnByValue": .bool(true), "awaitPromise": .bool(true)],
            timeout: timeout)
        if let details = reply["exceptionDetails"] {
            throw ChromiumError.scriptThrew(
                expression: expression,
                message: details["exception"]?["description"]?.string ?? details["text"]?.string ?? "\(details)")
        }
        return reply["result"]?["value"] ?? .null
    }

    /// Evaluates `condition` until it is `true`, every 20 ms, and returns
    /// how long that took. A throw counts as false: the page may still be
    /// setting up what the condition reads.
    @discardableResult
    public func waitUntil(_ condition: String, timeout: Duration = .seconds(10)) async throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        var last = "never evaluated"
        while true {
            do {
                let value = try await evaluate(condition, timeout: timeout)
                if value == .bool(true) { return clock.now - start }
                last = "\(value)"
            } catch let error as ChromiumError {
                guard case .scriptThrew(_, let message) = error else { throw error }
                last = message
            }
            guard clock.now - start < timeout else {
                throw ChromiumError.conditionNeverHeld(condition: condition, seconds: timeout.seconds, last: last)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Presses and releases `key`, as a keyboard would: the page sees
    /// keydown (and keypress for a character), then keyup.
    public func press(_ key: ChromiumKey) async throws {
        var params: [String: Chromium.Value] = [
            "key": .string(key.key), "code": .string(key.code),
            "windowsVirtualKeyCode": .number(Double(key.virtualKeyCode)),
            "nativeVirtualKeyCode": .number(Double(key.virtualKeyCode)),
            "modifiers": .number(Double(key.modifiers)),
        ]
        if let text = key.text {
            params["text"] = .string(text)
            params["unmodifiedText"] = .string(text)
        }
        // "rawKeyDown" for keys that type nothing, as Chromium's own input does.
        params["type"] = .string(key.text == nil ? "rawKeyDown" : "keyDown")
        try await send("Input.dispatchKeyEvent", params)
        params["type"] = .string("keyUp")
        params["text"] = nil
        params["unmodifiedText"] = nil
        try await send("Input.dispatchKeyEvent", params)
    }

    /// Clicks the left mouse button at (`x`, `y`) in CSS pixels.
    public func click(x: Double, y: Double) async throws {
        for type in ["mousePressed", "mouseReleased"] {
            try await send(
                "Input.dispatchMouseEvent",
                ["type": .string(type), "x": .number(x), "y": .number(y), "button": .string("left"),
                 "clickCount": .number(1)])
        }
    }

    /// The page as it is shown now, decoded.
    public func screenshot() async throws -> PNGImage {
        let reply = try await send("Page.captureScreenshot", ["format": .string("png")], timeout: .seconds(20))
        guard let text = reply["data"]?.string, let bytes = Data(base64Encoded: text) else {
            throw ChromiumError.badScreenshot(reason: "no base64 PNG in the reply")
        }
        do {
            return try PNGFile.decode(Array(bytes))
        } catch {
            throw ChromiumError.badScreenshot(reason: error.description)
        }
    }

    /// Makes the page `width` × `height` CSS pixels at scale 1, whatever
    /// the browser's window: screenshots then have exactly that size.
    public func setViewport(width: Int, height: Int) async throws {
        try await send(
            "Emulation.setDeviceMetricsOverride",
            ["width": .number(Double(width)), "height": .number(Double(height)), "deviceScaleFactor": .number(1),
             "mobile": .bool(false)])
    }

    /// Console errors, uncaught exceptions and error log entries so far.
    public func problems() async -> [String] {
        await browser.problems(session: sessionID)
    }

    @discardableResult
    private func send(_ method: String, _ params: [String: Chromium.Value], timeout: Duration = .seconds(10))
        async throws -> Chromium.Value
    {
        try await browser.send(method, params, session: sessionID, timeout: timeout)
    }
}
