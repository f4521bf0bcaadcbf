"""Writes channels_first.onnx: a few-hundred-byte ONNX model that shows what a runtime reads from
a channels-first [1, 3, H, W] input (used by the ONNX Runtime test of the Java build).

    python3 -m venv /tmp/onnxvenv && /tmp/onnxvenv/bin/pip install onnx==1.23.2
    /tmp/onnxvenv/bin/python tests/vectors/onnx/channels_first_gen.py tests/vectors/onnx/channels_first.onnx

Input  "pixels":  float32 [1, 3, h, w] (h and w symbolic).
Output "scaled":  pixels * [1, 10, 100] per channel + [0.5, 0.25, 0.125] per channel, same shape:
                  every value, at its place, tells its channel.
Output "sums":    float32 [1, 3], the sum of each channel plane (ReduceSum over h and w), which a
                  wrong layout would mix up.
Opset 13, IR version 8 (read by ONNX Runtime 1.10 and newer).
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def main(path):
    scale = numpy_helper.from_array(np.array([1, 10, 100], np.float32).reshape(1, 3, 1, 1), "scale")
    bias = numpy_helper.from_array(
        np.array([0.5, 0.25, 0.125], np.float32).reshape(1, 3, 1, 1), "bias")
    axes = numpy_helper.from_array(np.array([2, 3], np.int64), "axes")
    nodes = [
        helper.make_node("Mul", ["pixels", "scale"], ["product"]),
        helper.make_node("Add", ["product", "bias"], ["scaled"]),
        helper.make_node("ReduceSum", ["pixels", "axes"], ["sums"], keepdims=0),
    ]
    graph = helper.make_graph(
        nodes,
        "channels_first",
        [helper.make_tensor_value_info("pixels", TensorProto.FLOAT, [1, 3, "h", "w"])],
        [
            helper.make_tensor_value_info("scaled", TensorProto.FLOAT, [1, 3, "h", "w"]),
            helper.make_tensor_value_info("sums", TensorProto.FLOAT, [1, 3]),
        ],
        [scale, bias, axes],
    )
    model = helper.make_model(
        graph, producer_name="tensorbridge", opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, path)


if __name__ == "__main__":
    main(sys.argv[1])
