// Stand-ins for the Unity and Godot APIs that csharp/README.md's examples
// call, with those APIs' signatures, so that csharp_test.go can compile
// the examples with mcs, which has neither engine (nor .NET's
// NativeLibrary, which Mono lacks). Nothing here runs.

using System;
using System.Reflection;

namespace UnityEngine
{
    public class MonoBehaviour
    {
    }

    public static class Debug
    {
        public static void Log(object message)
        {
            throw new NotImplementedException();
        }
    }
}

namespace Godot
{
    public partial class Node
    {
    }

    public static class OS
    {
        public static bool HasFeature(string tagName)
        {
            throw new NotImplementedException();
        }

        public static string GetExecutablePath()
        {
            throw new NotImplementedException();
        }
    }

    public static class ProjectSettings
    {
        public static string GlobalizePath(string path)
        {
            throw new NotImplementedException();
        }
    }
}

namespace System.Runtime.InteropServices
{
    public delegate IntPtr DllImportResolver(string libraryName, Assembly assembly, DllImportSearchPath? searchPath);

    public static class NativeLibrary
    {
        public static void SetDllImportResolver(Assembly assembly, DllImportResolver resolver)
        {
            throw new NotImplementedException();
        }

        public static IntPtr Load(string libraryPath)
        {
            throw new NotImplementedException();
        }
    }
}
