// VectorMath: the inner loops of logistic regression — dot products and scaled additions of
// Float vectors, one at a time or four at a time (so each weight row is read once for four
// examples) — written with SIMD registers so they run at the machine's vector width.

enum VectorMath {
    /// Σ a[i]·b[i] over `count` values, accumulated in eight lanes of two SIMD8 registers.
    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
        var sum0 = SIMD8<Float>(), sum1 = SIMD8<Float>()
        var index = 0
        let rawA = UnsafeRawPointer(a), rawB = UnsafeRawPointer(b)
        let stride = MemoryLayout<Float>.stride
        while index + 16 <= count {
            sum0 += rawA.loadUnaligned(fromByteOffset: index * stride, as: SIMD8<Float>.self)
                * rawB.loadUnaligned(fromByteOffset: index * stride, as: SIMD8<Float>.self)
            sum1 += rawA.loadUnaligned(fromByteOffset: (index + 8) * stride, as: SIMD8<Float>.self)
                * rawB.loadUnaligned(fromByteOffset: (index + 8) * stride, as: SIMD8<Float>.self)
            index += 16
        }
        var total = (sum0 + sum1).sum()
        while index < count {
            total += a[index] * b[index]
            index += 1
        }
        return total
    }

    /// y[i] += alpha·x[i] over `count` values.
    static func addScaled(_ alpha: Float, _ x: UnsafePointer<Float>, to y: UnsafeMutablePointer<Float>, count: Int) {
        var index = 0
        let rawX = UnsafeRawPointer(x), rawY = UnsafeMutableRawPointer(y)
        let stride = MemoryLayout<Float>.stride
        let scale = SIMD8<Float>(repeating: alpha)
        while index + 8 <= count {
            let sum = rawY.loadUnaligned(fromByteOffset: index * stride, as: SIMD8<Float>.self)
                + scale * rawX.loadUnaligned(fromByteOffset: index * stride, as: SIMD8<Float>.self)
            rawY.storeBytes(of: sum, toByteOffset: index * stride, as: SIMD8<Float>.self)
            index += 8
        }
        while index < count {
            y[index] += alpha * x[index]
            index += 1
        }
    }

    /// The dot products of `w` with each of the four vectors `x0`…`x3`, over `count` values.
    static func dot4(_ w: UnsafePointer<Float>, _ x0: UnsafePointer<Float>, _ x1: UnsafePointer<Float>,
                     _ x2: UnsafePointer<Float>, _ x3: UnsafePointer<Float>, count: Int) -> SIMD4<Float> {
        var s0 = SIMD8<Float>(), s1 = SIMD8<Float>(), s2 = SIMD8<Float>(), s3 = SIMD8<Float>()
        let rawW = UnsafeRawPointer(w)
        let raw0 = UnsafeRawPointer(x0), raw1 = UnsafeRawPointer(x1), raw2 = UnsafeRawPointer(x2), raw3 = UnsafeRawPointer(x3)
        let stride = MemoryLayout<Float>.stride
        var index = 0
        while index + 8 <= count {
            let offset = index * stride
            let weights = rawW.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            s0 += weights * raw0.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            s1 += weights * raw1.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            s2 += weights * raw2.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            s3 += weights * raw3.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            index += 8
        }
        var sums = SIMD4<Float>(s0.sum(), s1.sum(), s2.sum(), s3.sum())
        while index < count {
            sums += w[index] * SIMD4<Float>(x0[index], x1[index], x2[index], x3[index])
            index += 1
        }
        return sums
    }

    /// y[i] += a[0]·x0[i] + a[1]·x1[i] + a[2]·x2[i] + a[3]·x3[i] over `count` values.
    static func addScaled4(_ a: SIMD4<Float>, _ x0: UnsafePointer<Float>, _ x1: UnsafePointer<Float>,
                           _ x2: UnsafePointer<Float>, _ x3: UnsafePointer<Float>,
                           to y: UnsafeMutablePointer<Float>, count: Int) {
        let rawY = UnsafeMutableRawPointer(y)
        let raw0 = UnsafeRawPointer(x0), raw1 = UnsafeRawPointer(x1), raw2 = UnsafeRawPointer(x2), raw3 = UnsafeRawPointer(x3)
        let a0 = SIMD8<Float>(repeating: a[0]), a1 = SIMD8<Float>(repeating: a[1])
        let a2 = SIMD8<Float>(repeating: a[2]), a3 = SIMD8<Float>(repeating: a[3])
        let stride = MemoryLayout<Float>.stride
        var index = 0
        while index + 8 <= count {
            let offset = index * stride
            var sum = rawY.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            sum += a0 * raw0.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            sum += a1 * raw1.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            sum += a2 * raw2.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            sum += a3 * raw3.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
            rawY.storeBytes(of: sum, toByteOffset: offset, as: SIMD8<Float>.self)
            index += 8
        }
        while index < count {
            y[index] += a[0] * x0[index] + a[1] * x1[index] + a[2] * x2[index] + a[3] * x3[index]
            index += 1
        }
    }
}
